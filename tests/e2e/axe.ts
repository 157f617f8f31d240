import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core over the page as it is now (or only the part `include` selects); violations are listed
 * by rule and element on failure.
 */
export async function expectNoViolations(page: Page, include?: string) {
  // target-size counts a button half scrolled under the sticky header as too small; where the
  // page happens to be scrolled is not what is checked, so axe looks at it from the top
  await page.evaluate(() => window.scrollTo(0, 0));
  const builder = new AxeBuilder({ page }).withTags(tags);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  const summary = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/**
 * axe in the light theme, then in the dark (the system's choice, followed live while the visitor
 * has not picked one), then back to the browser's own setting.
 */
export async function expectNoViolationsInBothThemes(page: Page, include?: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(
      scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expectNoViolations(page, include);
  }
  await page.emulateMedia({ colorScheme: null });
}
