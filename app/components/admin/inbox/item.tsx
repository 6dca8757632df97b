import type { ReactNode } from "react";
import { useActionData, useOutletContext } from "react-router";
import type { TitleWithLinks } from "#app/modules/catalogue/link-refs.server.ts";
import type { InboxKind } from "#app/modules/inbox/events.ts";
import type { InboxDetail, InboxDetails } from "#app/modules/inbox/inbox.server.ts";
import type { FormResult } from "#app/utils/submission.ts";
import { ContactView, contactHeading } from "./contact.tsx";
import { DmcaView, dmcaHeading } from "./dmca.tsx";
import { PostedResult, ResultBanner } from "./parts.tsx";
import { ReportView, reportHeading } from "./reports.tsx";
import { RequestView, requestHeading } from "./requests.tsx";

/**
 * An inbox item's page body, by kind. The item route (routes/admin/inbox/item.tsx)
 * loads the item and hands it down; its index route and each of its form routes
 * render this body with their own action's answer.
 */

/** What the item route gives the routes below it. */
export interface InboxItemContext {
  item: InboxDetail;
  find: string;
  candidates: TitleWithLinks[];
  now: number;
}

interface KindPage<D> {
  heading(item: D): string;
  view(props: { item: D; candidates: TitleWithLinks[]; find: string; now: number }): ReactNode;
}

const PAGES: { [K in InboxKind]: KindPage<InboxDetails[K]> } = {
  requests: { heading: requestHeading, view: (props) => <RequestView {...props} /> },
  reports: { heading: reportHeading, view: ({ item, now }) => <ReportView item={item} now={now} /> },
  contact: { heading: contactHeading, view: ({ item, now }) => <ContactView item={item} now={now} /> },
  dmca: { heading: dmcaHeading, view: (props) => <DmcaView {...props} /> },
};

function pageOf<K extends InboxKind>(kind: K): KindPage<InboxDetails[K]> {
  return PAGES[kind];
}

/** The item's title: the wanted title, the reported content, the subject, the notice's number. */
export function inboxHeading(item: InboxDetail): string {
  return pageOf(item.kind).heading(item);
}

/** The body of an item's page under its heading: the last post's answer, then the kind's view and forms. */
export function InboxItemBody() {
  const { item, ...rest } = useOutletContext<InboxItemContext>();
  // The answer of the route this body is rendered by: the form that was posted, if any.
  const result = useActionData<FormResult>();
  return (
    <PostedResult result={result}>
      <ResultBanner result={result} />
      {pageOf(item.kind).view({ item, ...rest })}
    </PostedResult>
  );
}
