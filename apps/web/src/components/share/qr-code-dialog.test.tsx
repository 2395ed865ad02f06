import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QR_PNG_HEIGHT, QR_PNG_WIDTH, QrCodeDialog } from './qr-code-dialog.tsx';

// jsdom has no canvas: a stand-in 2D context records what is drawn.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function stubCanvas() {
  const context = { fillRect: vi.fn(), fillText: vi.fn(), fillStyle: '', font: '', textAlign: '', textBaseline: '' };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  return { context, toDataURL };
}

describe('QrCodeDialog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws the code of her link tagged ?src=qr, with her handle under it, and offers it as a PNG', async () => {
    const { context, toDataURL } = stubCanvas();
    render(<QrCodeDialog url="https://kholo.in/u/priya-sharma" handle="priya-sharma" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Your QR code' });
    const download = await screen.findByRole('link', { name: 'Download PNG for printing' });

    expect(download).toHaveAttribute('href', PNG);
    expect(download.getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    expect(download).toHaveAttribute('download', 'kholo-priya-sharma-qr.png');
    expect(toDataURL).toHaveBeenCalledWith('image/png');
    expect(screen.getByRole('img', { name: 'QR code that opens https://kholo.in/u/priya-sharma' })).toHaveAttribute(
      'src',
      PNG,
    );
    expect(dialog).toBeInTheDocument();

    // One white background, then exactly the dark modules of the tagged link's code.
    const { modules } = create('https://kholo.in/u/priya-sharma?src=qr', { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(context.fillRect).toHaveBeenCalledTimes(1 + dark);
    expect(context.fillRect).toHaveBeenNthCalledWith(1, 0, 0, QR_PNG_WIDTH, QR_PNG_HEIGHT);
    expect(context.fillText).toHaveBeenCalledWith(
      '@priya-sharma',
      QR_PNG_WIDTH / 2,
      expect.any(Number),
      expect.any(Number),
    );
    // Big enough to print: whole-pixel modules of at least 20 px, the code and its quiet zone within 1024.
    const cell = context.fillRect.mock.calls[1]?.[2] as number;
    expect(Number.isInteger(cell) && cell >= 20).toBe(true);
    expect((modules.size + 8) * cell).toBeLessThanOrEqual(QR_PNG_WIDTH);
  });

  it('says so when the browser cannot draw, with no download', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(<QrCodeDialog url="https://kholo.in/u/priya-sharma" handle="priya-sharma" onClose={() => undefined} />);
    expect(await screen.findByText(/We couldn’t make the QR code in this browser\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download PNG for printing' })).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    stubCanvas();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<QrCodeDialog url="https://kholo.in/u/priya-sharma" handle="priya-sharma" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
  });
});
