import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSession } from '@app/contracts';
import { App } from '@/app/app';
import { loadRouteModules } from '@/app/load-route-modules';
import { routes } from '@/app/routes';
import { deferred, mockApi } from '@/test/fetch-mock';
import { renderPage } from './entry-server';

/**
 * The pages the build renders to HTML (decision 011) hydrate as src/main.tsx does: React takes
 * the HTML over without a mismatch (which would make it throw the HTML away and render again, a
 * flash) and without changing it.
 */

const CHAT = '5b7c1d2e-3f40-4a51-9b62-7c83d94e0f15';
const SESSION: ChatSession = {
  class_name: 'Cell Biology',
  description: 'Cells, membranes and metabolism.',
  sample_questions: ['When is the midterm?'],
  is_active: true,
  school_name: 'State University',
  professor: { first_name: 'Grace', last_name: 'Hopper' },
  coming_up: [],
};

const SHARED_PROCESS_WARNING =
  'Detected multiple renderers concurrently rendering the same context provider. This is currently unsupported.';

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/**
 * The page's HTML as the build renders it. React's server renderer leaves the values of the last
 * contexts it rendered on React's context objects, for its next render to take back: harmless in
 * the build, whose process no browser shares, but here the browser's renderer runs next in the
 * same process. Rendering an empty tree takes them back. (Development React still sees that two
 * renderers used the same contexts, and says so: SHARED_PROCESS_WARNING.)
 */
async function renderAtBuild(route: string): Promise<string> {
  const { html } = await renderPage(route);
  await new Response((await prerender(<></>)).prelude).text();
  return html;
}

/** The page's HTML as the server sends it, hydrated at `path`; the errors React reported. */
async function hydrate(route: string, path: string) {
  const html = await renderAtBuild(route);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const elements = [...container.querySelectorAll('*')];
  const text = container.textContent;
  // development React reports a mismatch it recovers from (an attribute) on console.error
  const consoleErrors: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args[0] !== SHARED_PROCESS_WARNING) consoleErrors.push(args);
  });
  const recoverable: unknown[] = [];
  await loadRouteModules(routes, { pathname: path });
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App router={createMemoryRouter(routes, { initialEntries: [path] })} />
      </StrictMode>,
      { onRecoverableError: (error) => void recoverable.push(error) },
    );
  });
  /** React took over the elements of the HTML, all of them and only them, and their text */
  const keptTheHtml = () => {
    const now = [...container.querySelectorAll('*')];
    return (
      now.length === elements.length &&
      now.every((element, i) => element === elements[i]) &&
      container.textContent === text
    );
  };
  return { html, keptTheHtml, recoverable, consoleErrors };
}

describe('pages rendered at build', () => {
  it.each([
    ['/', '/', 'Your syllabus, answering student questions around the clock'],
    ['/terms', '/terms', 'Terms of Service'],
  ])(
    '%s holds its text in the HTML and hydrates without a mismatch or a change',
    async (route, path, heading) => {
      mockApi({});
      const { html, keptTheHtml, recoverable, consoleErrors } = await hydrate(route, path);
      expect(html).toContain(heading);
      expect(recoverable).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(keptTheHtml()).toBe(true);
      // hydrated: the page answers a click
      await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' })[0]!);
      expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    },
  );

  it("the student chat's shell hydrates, takes a question at once and keeps it when the class arrives", async () => {
    const session = deferred({ body: { success: true, data: SESSION } });
    mockApi({ [`GET /chat/session/${CHAT}`]: session.handler });
    const { html, keptTheHtml, recoverable, consoleErrors } = await hydrate(
      '/chat/:chatUuid',
      `/chat/${CHAT}`,
    );
    // the shell names no class: the same HTML serves every link
    expect(html).not.toContain(CHAT);
    expect(html).toContain('Loading class chat');
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(keptTheHtml()).toBe(true);

    const box = screen.getByLabelText('Your question');
    await userEvent.type(box, 'When is the midterm?');
    // not sent before the class is there
    expect(screen.getByRole('button', { name: 'Send question' })).toBeDisabled();

    act(() => session.release());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cell Biology' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your question')).toBe(box);
    expect(box).toHaveValue('When is the midterm?');
    expect(screen.getByRole('button', { name: 'Send question' })).toBeEnabled();
    expect(
      within(screen.getByRole('list', { name: 'Suggested questions' })).getByRole('button', {
        name: 'When is the midterm?',
      }),
    ).toBeInTheDocument();
  });
});
