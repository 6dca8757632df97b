/**
 * The hidden field only robots fill in; a submission with it is answered as a success
 * and dropped. Its own module, free of Zod, because pages without a form (a title
 * page's quick request, search's request button) draw it too.
 */
export const HONEYPOT_FIELD = "website";
