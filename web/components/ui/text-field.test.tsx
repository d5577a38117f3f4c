import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fieldProps, invalidField } from '../../lib/field-props';
import { InputField, SelectField, TextAreaField } from './text-field';

describe('InputField, TextAreaField and SelectField', () => {
  it('write a .field with the label above the box and the hint under it', () => {
    expect(renderToStaticMarkup(<InputField id="pet-name" label="Pet's name" required value="Rex" onChange={() => {}} />)).toBe(
      '<div class="field"><label for="pet-name">Pet&#x27;s name</label><input id="pet-name" required="" value="Rex"/></div>',
    );
    expect(renderToStaticMarkup(<TextAreaField id="notes" label="Notes" rows={3} hint={<span className="field-hint">Short.</span>} />)).toBe(
      '<div class="field"><label for="notes">Notes</label><textarea id="notes" rows="3"></textarea><span class="field-hint">Short.</span></div>',
    );
    expect(
      renderToStaticMarkup(
        <SelectField id="step" label="Every" value="15" onChange={() => {}}>
          <option value="15">15 minutes</option>
        </SelectField>,
      ),
    ).toBe('<div class="field"><label for="step">Every</label><select id="step"><option value="15" selected="">15 minutes</option></select></div>');
  });
});

describe('fieldProps', () => {
  it('gives the value and the change, and marks only the field the server refused', () => {
    const changed: [string, string][] = [];
    const field = fieldProps<'name' | 'species'>(
      { name: 'Rex', species: '' },
      (name, value) => changed.push([name, value]),
      invalidField('species', 'problem'),
    );
    const name = field('name');
    expect(name).toEqual({ value: 'Rex', onChange: name.onChange });
    name.onChange({ target: { value: 'Max' } });
    expect(changed).toEqual([['name', 'Max']]);
    expect(field('species')).toMatchObject({ value: '', 'aria-invalid': true, 'aria-describedby': 'problem' });
  });
});
