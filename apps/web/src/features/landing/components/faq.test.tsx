import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test-utils.tsx';

async function renderFaq() {
  renderRoute('/');
  return screen.findByRole('region', { name: 'Frequently asked questions' });
}

describe('FAQ accordion', () => {
  it('has exactly 5 questions, all closed at first', async () => {
    const faq = await renderFaq();
    const triggers = within(faq).getAllByRole('button');
    expect(triggers).toHaveLength(5);
    for (const trigger of triggers) expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Each question is a heading, so screen-reader users can jump between them.
    expect(within(faq).getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });

  it('opens a question and closes it again', async () => {
    const user = userEvent.setup();
    const faq = await renderFaq();
    const trigger = within(faq).getByRole('button', { name: 'Does it cost anything to start selling?' });

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(faq).getByText(/there are no monthly fees/i)).toBeVisible();

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(within(faq).queryByText(/there are no monthly fees/i)).not.toBeInTheDocument();
  });

  it('keeps only one answer open at a time', async () => {
    const user = userEvent.setup();
    const faq = await renderFaq();
    const [first, second] = within(faq).getAllByRole('button');
    await user.click(first!);
    await user.click(second!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    const faq = await renderFaq();
    const [first, second] = within(faq).getAllByRole('button');
    first!.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
  });

  it('says 18+ content must not be sexually explicit', async () => {
    const user = userEvent.setup();
    const faq = await renderFaq();
    await user.click(within(faq).getByRole('button', { name: /18\+/ }));
    expect(within(faq).getByText(/sexually explicit or sexually suggestive content is never allowed/i)).toBeVisible();
  });
});
