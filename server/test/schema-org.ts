// Checks JSON-LD against schema.org's vocabulary: which properties each type has, read from the
// schema-dts package (typings generated from schema.org's published vocabulary), following each
// type's parents. A property that no @type of its node has is reported, as is a missing required one.
import fs from 'node:fs';
import path from 'node:path';

const vocabularyFile = path.resolve(import.meta.dirname, '../../node_modules/schema-dts/dist/schema.d.ts');

interface Declared {
  parents: string[];
  properties: string[];
  leafOf?: string;
}

let declared: Map<string, Declared> | undefined;

function vocabulary(): Map<string, Declared> {
  if (declared) return declared;
  declared = new Map();
  const text = fs.readFileSync(vocabularyFile, 'utf8');
  const block = /^(?:export )?interface (\w+)(?: extends ([^{]+))? \{\n([\s\S]*?)^\}/gm;
  for (const [, name, parents = '', body = ''] of text.matchAll(block)) {
    const properties = [...body.matchAll(/^ {4}"([^"]+)"\??:/gm)].map((m) => m[1]!).filter((p) => p !== '@type');
    const leafOf = /^ {4}"@type": "(\w+)";/m.exec(body)?.[1];
    declared.set(name!, {
      parents: parents
        .split(',')
        .map((p) => p.trim())
        .filter((p) => /^\w+$/.test(p)),
      properties,
      leafOf,
    });
  }
  return declared;
}

/** Every property a schema.org type has (its own and its parents'); undefined for a type schema.org does not define. */
export function propertiesOf(type: string): Set<string> | undefined {
  const all = vocabulary();
  const leaf = [...all.entries()].find(([, d]) => d.leafOf === type);
  if (!leaf) return undefined;
  const found = new Set<string>();
  const visit = (name: string) => {
    const d = all.get(name);
    if (!d) return;
    d.properties.forEach((p) => found.add(p));
    d.parents.forEach(visit);
  };
  visit(leaf[0]);
  return found;
}

const KEYWORDS = new Set(['@context', '@type', '@id']);

/** Problems of a JSON-LD node and every typed node inside it; an empty list means it conforms. */
export function vocabularyProblems(node: unknown, where = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => vocabularyProblems(item, `${where}[${i}]`));
  if (!node || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  const problems: string[] = [];
  const types = record['@type'] === undefined ? [] : Array.isArray(record['@type']) ? (record['@type'] as string[]) : [String(record['@type'])];
  if (types.length > 0) {
    const allowed = new Set<string>();
    for (const type of types) {
      const props = propertiesOf(type);
      if (!props) problems.push(`${where}: schema.org has no type ${type}`);
      props?.forEach((p) => allowed.add(p));
    }
    for (const key of Object.keys(record)) {
      // 'query-input' follows schema.org's Action input convention (<property>-input).
      if (!KEYWORDS.has(key) && !allowed.has(key) && !(key.endsWith('-input') && allowed.has(key.slice(0, -6))))
        problems.push(`${where}: ${types.join('/')} has no property ${key}`);
    }
  }
  for (const [key, value] of Object.entries(record)) if (!KEYWORDS.has(key)) problems.push(...vocabularyProblems(value, `${where}.${key}`));
  return problems;
}
