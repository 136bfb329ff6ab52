import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/lib/constants';

/** Sets the browser tab title for the current page. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title
      ? `${title} · ${PRODUCT_NAME}`
      : `${PRODUCT_NAME} — your course's AI teaching assistant`;
  }, [title]);
}
