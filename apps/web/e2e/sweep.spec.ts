import type { Page } from '@playwright/test';
import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  expectAccessible,
  signIn,
  startTrial,
  test,
  type SharedClass,
  type Teacher,
} from './fixtures.ts';

/**
 * Every SPEC route at a phone's and a laptop's width: nothing wider than the screen,
 * no heading or table cell cut off without a way to read it, no serious accessibility problem;
 * and every dialog gives focus back to what opened it.
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const SYLLABUS = `# CHEM 201: Organic Chemistry I - Structure, Mechanism and Synthesis

## Instructor
Dr. Rosalind Franklin. Office hours are Tuesdays 2:00-4:00 pm in Science Hall 210.

## Grading
| Component | Weight |
| Homework | 20% |
| Midterm exams | 40% |
| Final exam | 40% |

## Late policy
Late homework loses 10% per day.`;

/** What is wrong with the page as laid out now, in words (empty when nothing is). */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1)
      problems.push(`the page is ${root.scrollWidth}px wide in a ${window.innerWidth}px window`);
    for (const el of document.querySelectorAll<HTMLElement>('h1, h2, h3, th, td')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || !el.offsetParent) continue;
      // text for screen readers only (sr-only: a 1 px clipped box) is not shown to be cut
      if (el.getBoundingClientRect().width <= 1) continue;
      // the text may be cut only where the whole of it can still be read (a title)
      if (el.title || el.closest('[title]')) continue;
      const cutAcross = el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible';
      const cutDown = el.scrollHeight > el.clientHeight + 1 && style.overflowY !== 'visible';
      if (cutAcross || cutDown)
        problems.push(
          `<${el.tagName.toLowerCase()}> "${el.textContent?.trim().slice(0, 60)}" is cut off`,
        );
    }
    return problems;
  });
}

/** Opens `path` at both widths and checks each. */
async function sweep(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(path);
    await ready(page);
    expect(await layoutProblems(page), `${path} at ${size.width}px`).toEqual([]);
    await expectAccessible(page);
  }
}

/** Opens a dialog from `opener` with the keyboard, closes it with Escape: focus is back. */
async function focusComesBack(
  page: Page,
  opener: ReturnType<Page['getByRole']>,
  dialogName: RegExp | string,
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('every route at 1280 and 390 px', () => {
  let teacher: Teacher;
  let cls: SharedClass;

  test.beforeAll(async ({ request }) => {
    teacher = await createTeacher();
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    cls = await createClassWithSyllabus(request, token, {
      className: 'Organic Chemistry I - Structure, Mechanism and Synthesis (Honors Section)',
      description: 'Mechanisms, stereochemistry and synthesis.',
      syllabusTitle: 'Course Syllabus',
      syllabus: SYLLABUS,
    });
    // a few conversations, so the teacher's lists and analytics have rows
    for (const question of ['When are office hours?', 'How much is the final exam worth?']) {
      const res = await request.post(`/api/chat/ask/${cls.chatUuid}`, { data: { question } });
      expect(res.ok()).toBe(true);
    }
  });

  test('public pages', async ({ page }) => {
    await sweep(page, '/', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
    await sweep(page, '/terms', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
    await sweep(page, `/chat/${cls.chatUuid}`, (p) =>
      expect(p.getByRole('heading', { level: 1, name: /Organic Chemistry I/ })).toBeVisible(),
    );
    await sweep(page, '/chat/00000000-0000-4000-8000-000000000000', (p) =>
      expect(p.getByRole('heading').first()).toBeVisible(),
    );
  });

  /**
   * Each teacher page is its own test, so that a test's time does not grow with the number of
   * pages (axe at two widths takes seconds a page on a busy machine).
   */
  const heading = (name?: string | RegExp) => (p: Page) =>
    expect(p.getByRole('heading', { level: 1, ...(name ? { name } : {}) })).toBeVisible();
  const teacherPages: [string, () => string, (p: Page) => Promise<void>][] = [
    ['dashboard', () => '/dashboard', heading('My Classes')],
    ['conversations', () => '/chats', heading('Student Conversations')],
    ['chat history', () => `/chat-history?class=${cls.id}`, heading()],
    ['analytics', () => `/analytics?class_id=${cls.id}`, heading()],
    ['integrations', () => '/integrations', heading()],
    ['account', () => '/account', heading('My Account')],
    ['billing', () => '/billing', heading('Billing & Usage')],
  ];
  for (const [name, path, ready] of teacherPages)
    test(`a teacher's ${name} page`, async ({ page }) => {
      await signIn(page, teacher);
      await expect(page).toHaveURL(/\/dashboard/);
      await sweep(page, path(), ready);
    });

  test('dialogs give focus back to what opened them', async ({ page }) => {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto('/');
      const main = page.getByRole('navigation', { name: 'Main' });
      await focusComesBack(page, main.getByRole('button', { name: 'Sign In' }), 'Sign in');
      await focusComesBack(
        page,
        main.getByRole('button', { name: 'Get Started' }),
        /Create|Sign up/i,
      );
    }
    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard/);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto('/dashboard');
      const card = page.getByRole('article', { name: /Organic Chemistry I/ });
      await expect(card).toBeVisible();
      await focusComesBack(page, card.getByRole('button', { name: 'Add content' }), 'Add Content');
      await focusComesBack(
        page,
        card.getByRole('button', { name: 'Review course' }),
        'Review Course',
      );
      await focusComesBack(
        page,
        page.getByRole('button', { name: 'Create New Class' }).first(),
        'Create New Class',
      );
      await page.goto('/account');
      await focusComesBack(
        page,
        page.getByRole('button', { name: 'Cancel Subscription' }),
        /Cancel your subscription/,
      );
    }
  });
});
