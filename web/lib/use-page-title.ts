import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/constants/messages';

/** Sets the document title: "<page> · Animal Doctor". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
