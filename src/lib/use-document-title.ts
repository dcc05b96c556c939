import { useEffect } from 'react';

/** Sets the tab's title while the screen is shown (the server wrote the same one into the page it sent). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
