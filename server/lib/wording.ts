// Numbers in sentences a person reads: "1 second", "2 seconds" (never "1 seconds").

/** `n` with its unit, singular for exactly one. */
export function quantity(n: number, unit: 'second' | 'minute'): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
