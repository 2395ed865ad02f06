import {
  CONTENT_MESSAGES,
  type StudioContents,
  UPLOAD_ATTESTATION_REQUIRED,
  UPLOAD_ATTESTATION_TEXT,
} from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { VISITOR } from '../../accounts/index.ts';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import { FakeXhr, IMAGE_ITEM, STUDIO_CONTENTS } from '../test-fixtures.ts';

const UPLOADED = { ...IMAGE_ITEM, id: 'content_3', title: 'Monsoon in Kerala', createdAt: 1_764_000_000_000 };

function photo(name = 'kerala.jpg', type = 'image/jpeg'): File {
  return new File(['jpeg bytes'], name, { type });
}

function withSize(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function renderUpload(contents: StudioContents = STUDIO_CONTENTS) {
  const fetchMock = stubApi({
    'GET /api/studio/contents': () => jsonResponse(200, contents),
    'GET /api/me': () => jsonResponse(200, VISITOR),
  });
  const result = renderRoute('/', { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Upload' });
  const listCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/studio/contents').length;
  return { ...result, fetchMock, panel, listCalls };
}

function submitButton(panel: HTMLElement): HTMLElement {
  return within(panel).getByRole('button', { name: /^(Upload|Uploading\.\.\.)$/ });
}

/** Fills in only the parts named: the title and description, the price, a file. */
async function fillSome(
  user: UserEvent,
  panel: HTMLElement,
  filled: { text: boolean; price: boolean; file?: boolean },
): Promise<void> {
  if (filled.text) {
    await user.type(within(panel).getByLabelText('Title'), 'Monsoon in Kerala');
    await user.type(within(panel).getByLabelText('Description'), 'Backwaters at dawn.');
  }
  if (filled.price) await user.type(within(panel).getByLabelText('Price (₹)'), '499');
  if (filled.file === true) await user.upload(within(panel).getByLabelText('Photo or video'), photo());
}

async function fillForm(user: UserEvent, panel: HTMLElement, file: File = photo()) {
  await user.type(within(panel).getByLabelText('Title'), 'Monsoon in Kerala');
  await user.type(within(panel).getByLabelText('Description'), 'Backwaters at dawn.');
  await user.type(within(panel).getByLabelText('Price (₹)'), '499.50');
  await user.upload(within(panel).getByLabelText('Photo or video'), file);
  await user.click(within(panel).getByRole('checkbox', { name: UPLOAD_ATTESTATION_TEXT }));
}

describe('upload form', () => {
  let createdUrls = 0;
  const createObjectURL = vi.fn(() => `blob:preview-${++createdUrls}`);
  const revokeObjectURL = vi.fn();

  beforeEach(() => {
    createdUrls = 0;
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    FakeXhr.install();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('has the fields of SPEC §2, a decimal price field and an 18+ switch that says what 18+ means', async () => {
    const { panel } = await renderUpload();
    expect(within(panel).getByLabelText('Title')).toHaveValue('');
    expect(within(panel).getByLabelText('Description')).toHaveValue('');
    const price = within(panel).getByLabelText('Price (₹)');
    expect(price).toHaveAttribute('inputmode', 'decimal');
    expect(price).toHaveAccessibleDescription(expect.stringContaining('From ₹1 to ₹1,00,000'));
    expect(within(panel).getByLabelText('Photo or video')).toHaveAttribute('accept', 'image/*,video/*');
    const adult = within(panel).getByRole('switch', { name: '18+ (mature content)' });
    expect(adult).not.toBeChecked();
    expect(adult).toHaveAccessibleDescription(expect.stringContaining('Sexually explicit content is not allowed'));
  });

  it('asks for the attestation in its exact words, unticked, and sends nothing until it is ticked', async () => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    const box = within(panel).getByRole('checkbox', { name: UPLOAD_ATTESTATION_TEXT });
    expect(box).not.toBeChecked();
    await fillForm(user, panel);
    await user.click(box);
    expect(box).not.toBeChecked();
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(box).toHaveFocus();
    });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(UPLOAD_ATTESTATION_REQUIRED);
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(FakeXhr.instances).toHaveLength(0);

    await user.click(box);
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(within(panel).queryByText(UPLOAD_ATTESTATION_REQUIRED)).toBeNull();
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(FakeXhr.instances).toHaveLength(1);
    });
    expect(FakeXhr.instances[0]!.body!.get('attested')).toBe('true');
  });

  it.each([
    ['nothing is filled in', { text: false, price: false, file: false }],
    ['the file is missing', { text: true, price: true, file: false }],
    ['the price is missing', { text: true, price: false, file: true }],
  ])('says "Please fill all fields and select a file." when %s', async (_label, filled) => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillSome(user, panel, filled);
    await user.click(submitButton(panel));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.fillAllFields);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it.each([
    ['nothing is filled in', { text: false, price: false }, 'Title'],
    ['only the file is missing', { text: true, price: true }, 'Photo or video'],
    ['the price and the file are missing', { text: true, price: false }, 'Price (₹)'],
  ])('puts focus on the first field that needs something when %s', async (_label, filled, first) => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillSome(user, panel, filled);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(within(panel).getByLabelText(first)).toHaveFocus();
    });
  });

  it('says "File size exceeds 50MB limit." for a file over 50 MB, when chosen and on submit', async () => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel, withSize(photo('huge.mp4', 'video/mp4'), 50 * 1024 * 1024 + 1));
    const file = within(panel).getByLabelText('Photo or video');
    expect(file).toHaveAccessibleDescription(expect.stringContaining(CONTENT_MESSAGES.fileTooLarge));
    expect(createObjectURL).not.toHaveBeenCalled();
    await user.click(submitButton(panel));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.fileTooLarge);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('says "Only image and video files are allowed." for any other type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { panel } = await renderUpload();
    await fillForm(user, panel, photo('invoice.pdf', 'application/pdf'));
    await user.click(submitButton(panel));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.onlyImageOrVideo);
    expect(within(panel).getByLabelText('Photo or video')).toHaveAttribute('aria-invalid', 'true');
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it.each([
    ['0.50', 'The price must be at least ₹1.'],
    ['49.999', 'Enter the price in rupees, with at most 2 decimals (like 499 or 49.50).'],
    ['100001', 'The price can be at most ₹1,00,000.'],
  ])('checks the price in rupees: %s', async (price, message) => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel);
    const field = within(panel).getByLabelText('Price (₹)');
    await user.clear(field);
    await user.type(field, price);
    await user.click(submitButton(panel));
    // The message shows first; the focus follows a moment later (on a busy machine, after the check).
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(field).toHaveFocus();
    });
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('previews the chosen file and lets go of the object URL when the file changes', async () => {
    const user = userEvent.setup();
    const { panel, unmount } = await renderUpload();
    const input = within(panel).getByLabelText('Photo or video');
    await user.upload(input, photo('first.jpg'));
    expect(within(panel).getByRole('img', { name: 'Preview of first.jpg' })).toHaveAttribute('src', 'blob:preview-1');
    await user.upload(input, photo('clip.webm', 'video/webm'));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(panel.querySelector('video')).toHaveAttribute('src', 'blob:preview-2');
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });

  it('uploads with a real progress bar, then shows the banner and toast, clears the form, refreshes after 1 s and hides the banner after 5 s', async () => {
    const user = userEvent.setup();
    const { panel, listCalls } = await renderUpload();
    await waitFor(() => {
      expect(listCalls()).toBe(1);
    });
    await fillForm(user, panel);
    await user.click(within(panel).getByRole('switch', { name: '18+ (mature content)' }));
    await user.click(submitButton(panel));

    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/studio/contents');
    // The text fields first, the file last (docs/api-content.md).
    expect([...xhr.body!.keys()]).toEqual(['title', 'description', 'pricePaise', 'isAdultContent', 'attested', 'file']);
    expect(xhr.body!.get('title')).toBe('Monsoon in Kerala');
    expect(xhr.body!.get('description')).toBe('Backwaters at dawn.');
    expect(xhr.body!.get('pricePaise')).toBe('49950');
    expect(xhr.body!.get('isAdultContent')).toBe('true');
    expect((xhr.body!.get('file') as File).name).toBe('kerala.jpg');

    const busy = within(panel).getByRole('button', { name: 'Uploading...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(FakeXhr.instances).toHaveLength(1);

    act(() => {
      xhr.progress(40, 100);
    });
    const bar = within(panel).getByRole('progressbar', { name: 'Uploading your file' });
    expect(bar).toHaveAttribute('value', '40');
    expect(within(panel).getByText('40%')).toBeInTheDocument();
    act(() => {
      xhr.progress(100, 100);
    });
    expect(bar).toHaveAttribute('value', '100');

    vi.useFakeTimers();
    await act(async () => {
      xhr.respond(201, UPLOADED);
      await Promise.resolve();
    });

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(within(notifications).getByText(CONTENT_MESSAGES.uploadSuccessful)).toBeInTheDocument();
    expect(within(panel).getByText(CONTENT_MESSAGES.uploadSuccessful)).toBeInTheDocument();
    expect(within(panel).getByText(/“Monsoon in Kerala” is on your public page now/)).toBeInTheDocument();
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Upload' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(panel).getByLabelText('Title')).toHaveValue('');
    expect(within(panel).getByLabelText('Description')).toHaveValue('');
    expect(within(panel).getByLabelText('Price (₹)')).toHaveValue('');
    expect(within(panel).getByRole('switch', { name: '18+ (mature content)' })).not.toBeChecked();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');

    // SPEC §4: the list is refreshed 1 s later …
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(listCalls()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(listCalls()).toBe(2);

    // … and the banner goes 5 s after it came.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3999);
    });
    expect(within(panel).getByText(/is on your public page now/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(within(panel).queryByText(/is on your public page now/)).not.toBeInTheDocument();
  });

  it('shows the server’s message, and its field messages under the fields', async () => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await act(async () => {
      FakeXhr.last().respond(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the form.',
          fields: { title: 'That title is already used by another of your items.' },
        },
      });
      await Promise.resolve();
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Please check the form.');
    const title = within(panel).getByLabelText('Title');
    expect(title).toHaveAccessibleDescription('That title is already used by another of your items.');
    expect(title).toHaveFocus();
    // The person's work stays in the form.
    expect(title).toHaveValue('Monsoon in Kerala');
    expect(within(panel).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('shows a more specific server message as it is (415 for HEIC)', async () => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel, photo('IMG_0001.heic', 'image/heic'));
    await user.click(submitButton(panel));
    const message = 'HEIC photos are not supported yet. Export it as JPEG and try again.';
    await act(async () => {
      FakeXhr.last().respond(415, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message } });
      await Promise.resolve();
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    [
      'the connection drops',
      (xhr: FakeXhr) => {
        xhr.fail();
      },
    ],
    [
      'a proxy answers with a page',
      (xhr: FakeXhr) => {
        xhr.respond(502, '<html>Bad gateway</html>');
      },
    ],
    [
      'the success body is not an item',
      (xhr: FakeXhr) => {
        xhr.respond(201, '{"ok":true}');
      },
    ],
  ])('says "Upload failed." when %s', async (_label, finish) => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await act(async () => {
      finish(FakeXhr.last());
      await Promise.resolve();
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.uploadFailed);
    expect(within(panel).getByLabelText('Title')).toHaveValue('Monsoon in Kerala');
  });

  it('asks /api/me again when the session has ended (401), like every other call', async () => {
    const user = userEvent.setup();
    const { panel, fetchMock } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await act(async () => {
      FakeXhr.last().respond(401, { error: { code: 'UNAUTHENTICATED', message: 'Please log in again.' } });
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/me')).toBe(true);
    });
    // The visitor's answer puts the landing page back at `/`.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turn your photos and videos into income' }),
    ).toBeInTheDocument();
  });
});
