// Turns a schema failure (an AJV issue) into a sentence a person can read, plus the field it is
// about for programs (docs/product.md, The API: refusals). A schema may declare, per field, a
// `title` (the field's name in words, e.g. 'zip code') and an `errorMessage`: one sentence, or one
// per keyword (`{ required: 'First name is required.', pattern: 'Enter a five-digit zip code.' }`).
// Without them the message is built from the field's name: "Check the value of the zip code."

export interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
  /** With AJV's `verbose`: the schema holding the failed keyword. */
  parentSchema?: Record<string, unknown>;
}

export interface DescribedIssue {
  message: string;
  /** Dotted path of the field ('education.0.year'); empty for the body as a whole. */
  field: string;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'searchZipCode' -> 'search zip code', 'first_name' -> 'first name', 'email' -> 'e-mail address'. */
export function labelFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  const known: Record<string, string> = { email: 'e-mail address', zip: 'zip code', 'zip code': 'zip code', id: 'id' };
  return known[words] ?? words;
}

function declaredMessage(schema: unknown, keyword: string): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const declared = (schema as { errorMessage?: unknown }).errorMessage;
  if (typeof declared === 'string') return declared;
  if (declared && typeof declared === 'object') {
    const perKeyword = (declared as Record<string, unknown>)[keyword];
    if (typeof perKeyword === 'string') return perKeyword;
  }
  return undefined;
}

function labelOf(schema: unknown, name: string): string {
  const title = schema && typeof schema === 'object' ? (schema as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title ? title : name ? labelFromName(name) : 'request';
}

const typeWords: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'yes or no (true or false)',
  array: 'a list',
  object: 'a group of fields',
  null: 'empty',
};

/** Picks the issue to show: the union (anyOf) itself rather than one of its branches. */
export function pickIssue(issues: ValidationIssue[]): ValidationIssue | undefined {
  const first = issues[0];
  if (!first) return undefined;
  const union = issues.find((issue) => (issue.keyword === 'anyOf' || issue.keyword === 'oneOf') && first.instancePath?.startsWith(issue.instancePath ?? ''));
  return union ?? first;
}

export function describeIssue(issue: ValidationIssue | undefined, context: string | undefined): DescribedIssue {
  if (!issue) return { message: 'The request is not valid.', field: '' };
  const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
  const schema = issue.parentSchema;
  const keyword = issue.keyword ?? '';
  const params = issue.params ?? {};

  if (keyword === 'required') {
    const missing = String(params.missingProperty ?? '');
    const fieldSchema = (schema?.properties as Record<string, unknown> | undefined)?.[missing];
    const field = [...segments, missing].join('.');
    const message = declaredMessage(fieldSchema, 'required') ?? `${capitalize(labelOf(fieldSchema, missing))} is required.`;
    return { message, field };
  }
  if (keyword === 'additionalProperties') {
    const extra = String(params.additionalProperty ?? '');
    return { message: `'${extra}' is not something this form accepts; remove it and try again.`, field: [...segments, extra].join('.') };
  }

  const field = segments.join('.');
  const name = [...segments].reverse().find((segment) => !/^\d+$/.test(segment)) ?? (context === 'body' ? '' : (context ?? ''));
  const declared = declaredMessage(schema, keyword);
  if (declared) return { message: declared, field };
  const label = labelOf(schema, name);
  const the = label === 'request' ? 'the request' : `the ${label}`;

  switch (keyword) {
    case 'type': {
      const wanted = String(params.type ?? '').split(',')[0] ?? '';
      return { message: `${capitalize(the)} must be ${typeWords[wanted] ?? 'of another kind'}.`, field };
    }
    case 'minLength':
      return Number(params.limit) <= 1
        ? { message: `${capitalize(label)} is required.`, field }
        : { message: `${capitalize(the)} must be at least ${String(params.limit)} characters long.`, field };
    case 'maxLength':
      return { message: `${capitalize(the)} must be at most ${String(params.limit)} characters long.`, field };
    case 'minimum':
    case 'exclusiveMinimum':
      return { message: `${capitalize(the)} must be ${keyword === 'minimum' ? 'at least' : 'more than'} ${String(params.limit)}.`, field };
    case 'maximum':
    case 'exclusiveMaximum':
      return { message: `${capitalize(the)} must be ${keyword === 'maximum' ? 'at most' : 'less than'} ${String(params.limit)}.`, field };
    case 'minItems':
      return { message: `Add at least ${String(params.limit)} to the ${label}.`, field };
    case 'maxItems':
      return { message: `The ${label} can hold at most ${String(params.limit)}.`, field };
    case 'format':
      if (params.format === 'email') return { message: 'Enter a valid e-mail address.', field };
      if (params.format === 'person-name')
        return { message: `Enter a real ${label}: line breaks, control characters, direction overrides and invisible-only names are not allowed.`, field };
      if (params.format === 'safe-text') return { message: `The ${label} contains a control character that is not allowed.`, field };
      return { message: `Enter a valid ${label}.`, field };
    case 'enum':
    case 'const': {
      const allowed = (params.allowedValues as unknown[] | undefined) ?? (params.allowedValue !== undefined ? [params.allowedValue] : []);
      return allowed.length > 0 && allowed.length <= 8
        ? { message: `Choose one of these for the ${label}: ${allowed.map(String).join(', ')}.`, field }
        : { message: `Check the value of ${the}.`, field };
    }
    case 'anyOf':
    case 'oneOf': {
      const options = (schema?.anyOf ?? schema?.oneOf) as Array<{ const?: unknown }> | undefined;
      if (options?.length && options.every((option) => option.const !== undefined)) {
        return { message: `Choose one of these for the ${label}: ${options.map((option) => String(option.const)).join(', ')}.`, field };
      }
      return { message: `Check the value of ${the}.`, field };
    }
    default:
      return { message: `Check the value of ${the}.`, field };
  }
}
