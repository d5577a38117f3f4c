// Test fixtures of imports and claims (docs/product.md section 20): the zip codes the tests place practices
// in (the test database starts without the zip data set) and a multipart body with fields and one file.

export const TEST_ZIPS = [
  { zip: '10001', city: 'New York', state: 'NY', latitude: 40.7484, longitude: -73.9967 },
  { zip: '10004', city: 'New York', state: 'NY', latitude: 40.6964, longitude: -74.0253 },
  { zip: '78701', city: 'Austin', state: 'TX', latitude: 30.2713, longitude: -97.7426 },
  { zip: '96813', city: 'Honolulu', state: 'HI', latitude: 21.3086, longitude: -157.8511 },
];

/** A multipart body with text fields and (optionally) one file. */
export function formBody(fields: Record<string, string>, file?: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
