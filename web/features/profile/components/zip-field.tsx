// The zip code of the practice: five digits fill in the city and state, and hand the time zone to the
// hours step (docs/product.md 28.5). The vet may still change each (a neighbourhood such as Brooklyn for the city).
import { useEffect, useRef } from 'react';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { zoneName } from '../../../../shared/lib/formats';
import { useZipPlaceQuery, type ZipPlace } from '../api/zip-place';
import { now } from '../../../lib/clock';

export function ZipField({ rules, onPlace }: { rules: Rule[]; onPlace?: (place: ZipPlace) => void }) {
  const form = Form.useFormInstance();
  const zip = String(Form.useWatch('zip', form) ?? '').trim();
  const complete = /^\d{5}$/.test(zip);
  const { currentData: place, isError } = useZipPlaceQuery(zip, { skip: !complete });
  // Filled once per zip code the vet types: a zip code loaded with the saved profile leaves its city and time zone alone.
  const filledFor = useRef<string>(undefined);
  useEffect(() => {
    if (!place || place.zip !== zip || filledFor.current === zip || !form.isFieldTouched('zip')) return;
    filledFor.current = zip;
    form.setFieldsValue({ city: place.city, state: place.state });
    void form.validateFields(['state']).catch(() => undefined);
    onPlace?.(place);
  }, [place, zip, form, onPlace]);

  const found = complete && place?.zip === zip ? `${place.city}, ${place.state} · ${zoneName(place.timeZone, now())}` : undefined;
  return (
    <Form.Item
      label="Zip code"
      name="zip"
      rules={rules}
      extra={
        <span aria-live="polite">
          {found
            ? `${found}.`
            : complete && isError
              ? 'We do not know this zip code; check it, or type the city and state.'
              : 'Fills in the city, state and time zone.'}
        </span>
      }
    >
      <Input autoComplete="postal-code" inputMode="numeric" maxLength={5} />
    </Form.Item>
  );
}
