export const SECTIONS = [
  { id: "using-cinedex", title: "Using Cinedex" },
  { id: "acceptable-use", title: "Acceptable use" },
  { id: "no-files", title: "We host no files" },
  { id: "third-party-links", title: "Third-party links" },
  { id: "takedown", title: "Takedown requests" },
  { id: "submissions", title: "What you send us" },
  { id: "liability", title: "No warranty" },
  { id: "changes", title: "Changes to these terms" },
  { id: "contact", title: "Contact" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];

export function Heading({ id }: { id: SectionId }) {
  const index = SECTIONS.findIndex((s) => s.id === id);
  return (
    <h2 id={id} className="scroll-mt-24">
      <span className="mr-2 text-accent-300">{index + 1}.</span>
      {SECTIONS[index]?.title}
    </h2>
  );
}
