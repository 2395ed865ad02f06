import {
  CONTENT_MESSAGES,
  fileTooLargeMessage,
  type StudioContents,
  UPLOAD_ATTESTATION_REQUIRED,
  UPLOAD_ATTESTATION_TEXT,
} from '@kholo/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { type ApiHandler, jsonResponse, renderRoute, requestBody, stubApi } from '../../../test-utils.tsx';
import { VISITOR } from '../../accounts/index.ts';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import type { SendFileOptions } from '../api/resumable-file.ts';
import { IMAGE_ITEM, STUDIO_CONTENTS } from '../test-fixtures.ts';

/** The tus upload (api/resumable-file.ts) stands in here; the real one is the e2e journey's. */
interface Send {
  file: File;
  options: SendFileOptions;
  finish: (uploadId: string) => void;
  fail: (error: unknown) => void;
}
const sends: Send[] = [];
/** The files whose finished upload this browser was told to forget (once their item exists). */
const forgotten: { file: File; accountId: string }[] = [];
vi.mock('../api/resumable-file.ts', () => ({
  UPLOAD_PAUSED: 'paused',
  forgetUpload: (file: File, accountId: string) => {
    forgotten.push({ file, accountId });
    return Promise.resolve();
  },
  sendFile: (file: File, options: SendFileOptions) =>
    new Promise<string>((resolve, reject) => {
      sends.push({ file, options, finish: resolve, fail: reject });
      options.signal?.addEventListener('abort', () => {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
      });
    }),
}));
const lastSend = (): Send => {
  const send = sends.at(-1);
  if (!send) throw new Error('no upload was started');
  return send;
};

const UPLOADED = { ...IMAGE_ITEM, id: 'content_3', title: 'Monsoon in Kerala', createdAt: 1_764_000_000_000 };

function photo(name = 'kerala.jpg', type = 'image/jpeg'): File {
  return new File(['jpeg bytes'], name, { type });
}

function withSize(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** What POST /api/studio/contents answers once the file is up; an item unless a test says otherwise. */
let createAnswer: ApiHandler = () => jsonResponse(201, UPLOADED);

async function renderUpload(contents: StudioContents = STUDIO_CONTENTS) {
  const fetchMock = stubApi({
    'GET /api/studio/contents': () => jsonResponse(200, contents),
    'GET /api/me': () => jsonResponse(200, VISITOR),
    'POST /api/studio/contents': (init) => createAnswer(init),
  });
  const result = renderRoute('/', { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Upload' });
  const listCalls = () =>
    fetchMock.mock.calls.filter(([url, init]) => url === '/api/studio/contents' && (init?.method ?? 'GET') === 'GET')
      .length;
  const createCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { ...result, fetchMock, panel, listCalls, createCalls };
}

function submitButton(panel: HTMLElement): HTMLElement {
  return within(panel).getByRole('button', { name: /^(Upload|Uploading\.\.\.)$/ });
}

/** Fills in only the parts named: the title, the price, a file. */
async function fillSome(
  user: UserEvent,
  panel: HTMLElement,
  filled: { text: boolean; price: boolean; file?: boolean },
): Promise<void> {
  if (filled.text) await user.type(within(panel).getByLabelText('Title'), 'Monsoon in Kerala');
  if (filled.price) await user.type(within(panel).getByLabelText('Price (₹)'), '499');
  if (filled.file === true) await user.upload(within(panel).getByLabelText('Photo or video'), photo());
}

async function fillForm(user: UserEvent, panel: HTMLElement, file: File = photo()) {
  await user.upload(within(panel).getByLabelText('Photo or video'), file);
  await user.type(within(panel).getByLabelText('Title'), 'Monsoon in Kerala');
  await user.type(within(panel).getByLabelText('Price (₹)'), '499.50');
  await user.type(within(panel).getByLabelText('Description (optional)'), 'Backwaters at dawn.');
  await user.click(within(panel).getByRole('checkbox', { name: UPLOAD_ATTESTATION_TEXT }));
}

describe('upload form', () => {
  let createdUrls = 0;
  const createObjectURL = vi.fn(() => `blob:preview-${++createdUrls}`);
  const revokeObjectURL = vi.fn();

  beforeEach(() => {
    createdUrls = 0;
    sends.length = 0;
    forgotten.length = 0;
    createAnswer = () => jsonResponse(201, UPLOADED);
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('starts from the photo or video, then title and price, then the optional description and the 18+ switch', async () => {
    const { panel } = await renderUpload();
    const file = within(panel).getByLabelText('Photo or video');
    const title = within(panel).getByLabelText('Title');
    const price = within(panel).getByLabelText('Price (₹)');
    const description = within(panel).getByLabelText('Description (optional)');
    const adult = within(panel).getByRole('switch', { name: '18+ (mature content)' });
    const inOrder = [file, title, price, description, adult];
    for (const [index, element] of inOrder.slice(1).entries()) {
      expect(inOrder[index]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(title).toHaveValue('');
    expect(description).toHaveValue('');
    expect(price).toHaveAttribute('inputmode', 'decimal');
    expect(price).toHaveAccessibleDescription(expect.stringContaining('From ₹1 to ₹1,00,000'));
    expect(file).toHaveAttribute('accept', expect.stringContaining('image/*,video/*'));
    // The whole box is the tap target: the label wraps the picker.
    expect(file.closest('label')).toHaveTextContent('Choose a photo or video');
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
    expect(sends).toHaveLength(0);

    await user.click(box);
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(within(panel).queryByText(UPLOAD_ATTESTATION_REQUIRED)).toBeNull();
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
  });

  it('sends without a description: it is optional (issue 26)', async () => {
    const user = userEvent.setup();
    const { panel, fetchMock, createCalls } = await renderUpload();
    await fillSome(user, panel, { text: true, price: true, file: true });
    await user.click(within(panel).getByRole('checkbox', { name: UPLOAD_ATTESTATION_TEXT }));
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    await act(async () => {
      lastSend().finish('upload-1');
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(createCalls()).toHaveLength(1);
    });
    const index = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(requestBody(fetchMock, index)).toMatchObject({ uploadId: 'upload-1', description: '' });
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
    expect(sends).toHaveLength(0);
  });

  it.each([
    ['nothing is filled in', { text: false, price: false, file: false }, 'Photo or video'],
    ['only the price is missing', { text: true, price: false, file: true }, 'Price (₹)'],
    ['title and price are missing', { text: false, price: false, file: true }, 'Title'],
  ])('puts focus on the first field that needs something when %s', async (_label, filled, first) => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillSome(user, panel, filled);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(within(panel).getByLabelText(first)).toHaveFocus();
    });
  });

  it('says the file is over 50 MB, how big it is and how to shrink it, as soon as it is chosen and before any byte is sent', async () => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    const size = 77_000_000;
    await fillForm(user, panel, withSize(photo('IMG_0001.mp4', 'video/mp4'), size));
    const file = within(panel).getByLabelText('Photo or video');
    const message = fileTooLargeMessage(size, 'video');
    expect(message).toContain(CONTENT_MESSAGES.fileTooLarge);
    expect(message).toContain('This video is 73.5 MB. Trim it or export it at 1080p');
    expect(file).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(createObjectURL).not.toHaveBeenCalled();
    await user.click(submitButton(panel));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(message);
    expect(sends).toHaveLength(0);
  });

  it('says "Only image and video files are allowed." for any other type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { panel } = await renderUpload();
    await fillForm(user, panel, photo('invoice.pdf', 'application/pdf'));
    await user.click(submitButton(panel));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.onlyImageOrVideo);
    expect(within(panel).getByLabelText('Photo or video')).toHaveAttribute('aria-invalid', 'true');
    expect(sends).toHaveLength(0);
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
    expect(sends).toHaveLength(0);
  });

  it('previews the chosen file before sending (a video by its first frame) and lets go of the object URL when the file changes', async () => {
    const user = userEvent.setup();
    const { panel, unmount } = await renderUpload();
    const input = within(panel).getByLabelText('Photo or video');
    await user.upload(input, photo('first.jpg'));
    expect(within(panel).getByRole('img', { name: 'Preview of first.jpg' })).toHaveAttribute('src', 'blob:preview-1');
    await user.upload(input, photo('clip.webm', 'video/webm'));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(panel.querySelector('video')).toHaveAttribute('src', 'blob:preview-2#t=0.001');
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });

  it('previews a .MOV the browser gave no type as a video, and says so when it cannot draw a HEIC photo', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { panel } = await renderUpload();
    const input = within(panel).getByLabelText('Photo or video');
    await user.upload(input, photo('IMG_0042.MOV', ''));
    expect(panel.querySelector('video')).toHaveAttribute('src', 'blob:preview-1#t=0.001');
    await user.upload(input, photo('IMG_0043.HEIC', 'image/heic'));
    const picture = within(panel).getByRole('img', { name: 'Preview of IMG_0043.HEIC' });
    fireEvent.error(picture);
    expect(within(panel).queryByRole('img', { name: 'Preview of IMG_0043.HEIC' })).toBeNull();
    expect(panel).toHaveTextContent(
      'This browser cannot show a preview of this photo. It will be converted to JPEG when you upload it.',
    );
    // Another photo gets its own preview again.
    await user.upload(input, photo('next.jpg'));
    expect(within(panel).getByRole('img', { name: 'Preview of next.jpg' })).toBeInTheDocument();
  });

  it('uploads with a progress bar in bytes and percent, then makes the item, shows the banner and toast, clears the form, refreshes after 1 s and hides the banner after 5 s', async () => {
    const user = userEvent.setup();
    const { panel, listCalls, fetchMock } = await renderUpload();
    await waitFor(() => {
      expect(listCalls()).toBe(1);
    });
    await fillForm(user, panel);
    await user.click(within(panel).getByRole('switch', { name: '18+ (mature content)' }));
    await user.click(submitButton(panel));

    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    const send = lastSend();
    expect(send.file.name).toBe('kerala.jpg');
    expect(send.options.accountId).toBe(CREATOR_ME.account!.id);

    const busy = within(panel).getByRole('button', { name: 'Uploading...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(sends).toHaveLength(1);

    act(() => {
      send.options.onProgress?.(4 * 1024 * 1024, 10 * 1024 * 1024);
    });
    const bar = within(panel).getByRole('progressbar', { name: 'Uploading your file' });
    expect(bar).toHaveAttribute('value', '40');
    expect(within(panel).getByText('40%')).toBeInTheDocument();
    expect(within(panel).getByText('4 MB of 10 MB')).toBeInTheDocument();
    act(() => {
      send.options.onProgress?.(10 * 1024 * 1024, 10 * 1024 * 1024);
    });
    expect(bar).toHaveAttribute('value', '100');

    vi.useFakeTimers();
    const listedBefore = listCalls();
    await act(async () => {
      send.finish('upload-7');
      // The item is made by a JSON POST once the file is up: a few promises later, no time passing.
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(within(panel).getByText(/“Monsoon in Kerala” is on your public page now/)).toBeInTheDocument();
    const index = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(requestBody(fetchMock, index)).toEqual({
      uploadId: 'upload-7',
      title: 'Monsoon in Kerala',
      description: 'Backwaters at dawn.',
      pricePaise: 49950,
      isAdultContent: true,
      attested: true,
    });

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(within(notifications).getByText(CONTENT_MESSAGES.uploadSuccessful)).toBeInTheDocument();
    expect(within(panel).getByText(CONTENT_MESSAGES.uploadSuccessful)).toBeInTheDocument();
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Upload' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(panel).getByLabelText('Title')).toHaveValue('');
    expect(within(panel).getByLabelText('Description (optional)')).toHaveValue('');
    expect(within(panel).getByLabelText('Price (₹)')).toHaveValue('');
    expect(within(panel).getByRole('switch', { name: '18+ (mature content)' })).not.toBeChecked();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');

    // SPEC §4: the list is refreshed 1 s later …
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(listCalls()).toBe(listedBefore);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(listCalls()).toBe(listedBefore + 1);

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

  it('says "Resuming from 65 %" when the same file picks up an earlier upload', async () => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    act(() => {
      lastSend().options.onResume?.(0.654);
      lastSend().options.onProgress?.(6_540_000, 10_000_000);
    });
    expect(within(panel).getByText('Resuming from 65 %')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Uploading your file' })).toHaveAttribute('value', '65');
  });

  it('tells her where the connection dropped and that Upload continues from there', async () => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    await act(async () => {
      lastSend().options.onProgress?.(3_100_000, 10_000_000);
      lastSend().fail(new ApiError('NETWORK_ERROR', CONTENT_MESSAGES.uploadFailed, 0));
      await Promise.resolve();
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Upload failed. The connection dropped at 31 %. Press Upload to continue from there.',
    );
    // Her words stay.
    expect(within(panel).getByLabelText('Title')).toHaveValue('Monsoon in Kerala');
  });

  it('Cancel stops the upload (deleting what was sent) and leaves the form as it was', async () => {
    const user = userEvent.setup();
    const { panel, createCalls } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    const { signal } = lastSend().options;
    await user.click(within(panel).getByRole('button', { name: 'Cancel upload' }));
    expect(signal?.aborted).toBe(true);
    // Cancel, not a pause: the server's partial copy is deleted (resumable-file.ts).
    expect(signal?.reason).not.toBe('paused');
    await waitFor(() => {
      expect(within(panel).getByRole('button', { name: 'Upload' })).not.toHaveAttribute('aria-disabled', 'true');
    });
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    expect(createCalls()).toHaveLength(0);
    expect(within(panel).getByLabelText('Title')).toHaveValue('Monsoon in Kerala');
  });

  it('leaving the dashboard mid-upload pauses it, to resume later, rather than deleting it', async () => {
    const user = userEvent.setup();
    const { panel, unmount } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    const { signal } = lastSend().options;
    unmount();
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe('paused');
  });

  it('shows the server’s message, and its field messages under the fields', async () => {
    const user = userEvent.setup();
    createAnswer = () =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the form.',
          fields: { title: 'That title is already used by another of your items.' },
        },
      });
    const { panel } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    await act(async () => {
      lastSend().finish('upload-1');
      await Promise.resolve();
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Please check the form.');
    const title = within(panel).getByLabelText('Title');
    expect(title).toHaveAccessibleDescription('That title is already used by another of your items.');
    await waitFor(() => {
      expect(title).toHaveFocus();
    });
    // The person's work stays in the form.
    expect(title).toHaveValue('Monsoon in Kerala');
    expect(within(panel).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('after the server refuses the item, Upload again makes it from the bytes already sent', async () => {
    const user = userEvent.setup();
    createAnswer = () =>
      jsonResponse(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Please check the form.', fields: { title: 'Too similar.' } },
      });
    const { panel, fetchMock, createCalls } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    await act(async () => {
      lastSend().finish('upload-9');
      await Promise.resolve();
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Please check the form.');
    // The finished upload is still remembered: after a reload the same file would find it whole.
    expect(forgotten).toEqual([]);

    createAnswer = () => jsonResponse(201, UPLOADED);
    await user.type(within(panel).getByLabelText('Title'), ' at dawn');
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(createCalls()).toHaveLength(2);
    });
    expect(sends).toHaveLength(1);
    const second = fetchMock.mock.calls.findLastIndex(([, init]) => init?.method === 'POST');
    expect(requestBody(fetchMock, second)).toMatchObject({ uploadId: 'upload-9', title: 'Monsoon in Kerala at dawn' });
    expect(await within(panel).findByText(/is on your public page now/)).toBeInTheDocument();
    // Once the item exists, choosing the same file again is a new upload.
    expect(forgotten).toEqual([{ file: sends[0]!.file, accountId: CREATOR_ME.account!.id }]);
  });

  it('shows a more specific server message as it is (413 with the size, 415)', async () => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel, photo('IMG_0001.heic', 'image/heic'));
    await user.click(submitButton(panel));
    const message = 'This image format is not supported. Please upload a JPEG, PNG, WebP or GIF.';
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    await act(async () => {
      lastSend().fail(new ApiError('UNSUPPORTED_MEDIA_TYPE', message, 415));
      await Promise.resolve();
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    [
      'the connection drops before a byte is sent',
      (send: Send) => {
        send.fail(new ApiError('NETWORK_ERROR', CONTENT_MESSAGES.uploadFailed, 0));
      },
    ],
    [
      'a proxy answers the item with a page',
      (send: Send) => {
        createAnswer = () => new Response('<html>Bad gateway</html>', { status: 502 });
        send.finish('upload-1');
      },
    ],
    [
      'the success body is not an item',
      (send: Send) => {
        createAnswer = () => jsonResponse(201, { ok: true });
        send.finish('upload-1');
      },
    ],
  ])('says "Upload failed." when %s', async (_label, finish) => {
    const user = userEvent.setup();
    const { panel } = await renderUpload();
    await fillForm(user, panel);
    await user.click(submitButton(panel));
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    await act(async () => {
      finish(lastSend());
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
    await waitFor(() => {
      expect(sends).toHaveLength(1);
    });
    await act(async () => {
      lastSend().fail(new ApiError('UNAUTHENTICATED', 'Please log in again.', 401));
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
