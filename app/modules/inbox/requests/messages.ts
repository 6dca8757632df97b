/** The quick request's texts (docs/product/spec.md), free of Zod: the title page draws them without loading the form code. */
export const QUICK_REQUEST_MESSAGES = {
  quality: "Please choose a quality",
  pending: "Please wait...",
  success: "Thanks for requesting!",
  failure: "Something went wrong, please try again.",
} as const;
