// The address's query parameters a page acts on once and then forgets (docs/product.md section 26).

/** An update for useSearchParams' setter that removes `name`: `setParams(withoutParam('buy'), { replace: true })`. */
export const withoutParam =
  (name: string) =>
  (current: URLSearchParams): URLSearchParams => {
    current.delete(name);
    return current;
  };
