// The console guard of every browser test: any console error or uncaught page error fails the test,
// unless it matches the test's allow-list (an answer the test provokes on purpose, such as the 401
// the browser logs for a deliberately wrong password). useSite (./site.ts) checks it after each test.
import type { BrowserContext, Page } from 'playwright-core';

export interface ConsoleGuard {
  /** Every console error and page error seen, allowed or not. */
  readonly problems: string[];
  /** Allow problems matching this pattern from now on (for a step that provokes one). */
  allow(pattern: RegExp): void;
  /** The problems no allow pattern matches. */
  unexpected(): string[];
}

function describePage(page: Page): string {
  try {
    return new URL(page.url()).pathname;
  } catch {
    return page.url();
  }
}

/** Watches every page the context opens (popups included). */
export function guardConsole(context: BrowserContext, allow: RegExp[] = []): ConsoleGuard {
  const problems: string[] = [];
  const patterns = [...allow];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console on ${describePage(page)}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error on ${describePage(page)}: ${error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    problems,
    allow: (pattern) => void patterns.push(pattern),
    unexpected: () => problems.filter((problem) => !patterns.some((pattern) => pattern.test(problem))),
  };
}

/** The guards of the pages opened during the running test; useSite empties and checks them after it. */
export const openGuards: { guard: ConsoleGuard; context: BrowserContext }[] = [];

/** The message a failing test shows: each unexpected problem on its own line. */
export function guardReport(problems: string[]): string {
  return `console errors or page errors during the test (add an allow pattern if one is expected):\n  ${problems.join('\n  ')}`;
}
