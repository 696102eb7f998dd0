import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle } from './browser.js';

/**
 * Axe on one part of the page (e.g. 'main'): the serious and critical violations there, so a journey checks the
 * feature it covers without answering for the shared layout around it (checked by the layout's own journeys).
 */
export async function expectNoSeriousA11yViolationsIn(page: Page, selector: string, label = selector) {
  await settle(page);
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.impact} ${v.id}: ${v.help} @ ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, `serious/critical axe violations in ${label}`).toEqual([]);
}
