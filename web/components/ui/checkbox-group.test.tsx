import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckboxGroup } from './checkbox-group';

const render = (props: Partial<Parameters<typeof CheckboxGroup>[0]> = {}) =>
  renderToStaticMarkup(<CheckboxGroup legend="Species treated" options={['dogs', 'cats']} value={[]} onChange={() => {}} {...props} />);

describe('CheckboxGroup', () => {
  it('is a fieldset named by its legend, each checkbox inside its own label', () => {
    const html = render({ value: ['cats'] });
    expect(html).toMatch(/^<fieldset class="checkbox-group checkbox-group-flow"><legend>Species treated<\/legend>/);
    expect(html).toContain('<label><input type="checkbox"/> dogs</label>');
    expect(html).toContain('<label><input type="checkbox" checked=""/> cats</label>');
  });

  it('shows a chosen value that is not an option after the options, checked, so it can be unchecked', () => {
    const html = render({ value: ['alpacas'] });
    expect(html.indexOf('cats')).toBeLessThan(html.indexOf('alpacas'));
    expect(html).toContain('<label><input type="checkbox" checked=""/> alpacas</label>');
  });

  it('disables only the unchecked boxes once the limit is reached', () => {
    const html = render({ value: ['dogs'], max: 1 });
    expect(html).toContain('<input type="checkbox" checked=""/> dogs');
    expect(html).toContain('<input type="checkbox" disabled=""/> cats');
  });

  it('can keep its legend for screen readers only', () => {
    expect(render({ hideLegend: true })).toContain('<legend class="visually-hidden">Species treated</legend>');
  });
});
