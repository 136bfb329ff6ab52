import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClassItem, ContentItem } from '@app/contracts';
import { makeUsage, ok } from '@/test/billing-fixtures';
import { makeClass, makeContent } from '@/test/class-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

function setup(item: ClassItem, contents: ContentItem[]) {
  const user = makeUser();
  seedSession(user);
  return mockApi({
    'GET /auth/profile': ok({ user }),
    'GET /classes': ok({ classes: [item], billing_summary: makeUsage() }),
    'GET /billing/validate-class-creation': ok({ can_create: true, cost: 0, message: 'ok' }),
    [`GET /content/class/${item.id}`]: ok({ contents }),
  });
}

async function openReview(item: ClassItem) {
  renderApp('/dashboard');
  const card = within(await screen.findByRole('article', { name: item.class_name }));
  await userEvent.click(card.getByRole('button', { name: 'Review course' }));
  return within(await screen.findByRole('dialog', { name: 'Review Course' }));
}

describe('review course: where an item came from', () => {
  it('says "Shared in Slack" with the channel for items from a linked channel, nothing for others', async () => {
    const item = makeClass({ class_name: 'Biology' });
    const slack = { source: 'slack', shared_by: 'U0TEACHER' } as const;
    setup(item, [
      makeContent({ title: 'Course Syllabus', content_type: 'syllabus' }),
      makeContent({
        title: 'Lab Safety.pdf',
        origin: { ...slack, channel_id: 'C0COURSE', channel_name: 'course-chat' },
      }),
      makeContent({
        title: 'Slack · Oct 2',
        content_type: 'other',
        origin: { ...slack, channel_id: 'C0GONE', channel_name: null },
      }),
      makeContent({ title: 'Reading List' }),
    ]);
    const d = await openReview(item);
    const row = async (title: string) => within(await d.findByRole('article', { name: title }));

    expect((await row('Lab Safety.pdf')).getByText('Shared in Slack · #course-chat')).toBeVisible();
    // a channel whose name is unknown: the source alone
    const unnamed = await row('Slack · Oct 2');
    expect(unnamed.getByText('Shared in Slack')).toBeVisible();
    expect(unnamed.queryByText(/#/)).toBeNull();
    // items added in Syllabot say nothing about an origin
    expect((await row('Reading List')).queryByText(/Shared in Slack/)).toBeNull();
    expect((await row('Course Syllabus')).queryByText(/Shared in Slack/)).toBeNull();
    expect(d.getAllByText(/^Shared in Slack/)).toHaveLength(2);
  });
});
