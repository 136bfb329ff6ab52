import { createContext, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '@/lib/constants';

/** What a page rendered on the server asks of the document's head (prerender/entry-server.tsx). */
export type ServerHead = { title?: string };

/** Set only while the build renders a page to HTML: there are no effects there. */
export const ServerHeadContext = createContext<ServerHead | null>(null);

/** Sets the browser tab title for the current page. */
export function useDocumentTitle(title: string | undefined): void {
  const fullTitle = title
    ? `${title} · ${PRODUCT_NAME}`
    : `${PRODUCT_NAME} — your course's AI teaching assistant`;
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.title = fullTitle;
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}
