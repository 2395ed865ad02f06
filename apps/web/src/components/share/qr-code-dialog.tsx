import { translate, withShareSource } from '@kholo/contracts';
import { Download, QrCode } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog, DialogHeading, DIALOG_BODY_CLASSES } from '../ui/dialog.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useT } from '../../lib/i18n/index.ts';

/** The PNG's width: a 1024 px code prints sharp at 8–9 cm at 300 dpi. Its height adds the handle under it. */
export const QR_PNG_WIDTH = 1024;
export const QR_PNG_HEIGHT = 1200;
/** The white border scanners need around a code, in modules. */
const QUIET_ZONE = 4;

/**
 * The code for `text` drawn in the browser (no network), with `@handle` and a line under it, as a
 * PNG data URL. `qrcode` only lays out the modules; the canvas draws them, so the picture is crisp
 * at any size the printer asks for.
 */
export async function drawQrPng(
  text: string,
  handle: string,
  caption: string = translate('en', 'ui.qr.caption'),
): Promise<string> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const canvas = document.createElement('canvas');
  canvas.width = QR_PNG_WIDTH;
  canvas.height = QR_PNG_HEIGHT;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('This browser cannot draw pictures.');

  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, QR_PNG_WIDTH, QR_PNG_HEIGHT);
  // Whole pixels per module, so no module is blurred across two.
  const cell = Math.floor(QR_PNG_WIDTH / (modules.size + 2 * QUIET_ZONE));
  const offset = Math.floor((QR_PNG_WIDTH - cell * modules.size) / 2);
  context.fillStyle = '#0b0b12';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) context.fillRect(offset + column * cell, offset + row * cell, cell, cell);
    }
  }
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  context.font = 'bold 64px system-ui, sans-serif';
  context.fillText(`@${handle}`, QR_PNG_WIDTH / 2, QR_PNG_WIDTH + 40, QR_PNG_WIDTH - 64);
  context.fillStyle = '#55556a';
  context.font = '36px system-ui, sans-serif';
  context.fillText(caption, QR_PNG_WIDTH / 2, QR_PNG_WIDTH + 120, QR_PNG_WIDTH - 64);
  return canvas.toDataURL('image/png');
}

type Drawing = { state: 'drawing' } | { state: 'ready'; png: string } | { state: 'failed' };

/**
 * A QR code of her page's link (tagged `?src=qr`), to print for a stall, a shop counter or an
 * event: shown in a dialog and downloadable as a PNG.
 */
export function QrCodeDialog({ url, handle, onClose }: { url: string; handle: string; onClose: () => void }) {
  const { t } = useT();
  const caption = t('ui.qr.caption');
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [drawing, setDrawing] = useState<Drawing>({ state: 'drawing' });
  const link = withShareSource(url, 'qr');

  useEffect(() => {
    let current = true;
    drawQrPng(link, handle, caption).then(
      (png) => {
        if (current) setDrawing({ state: 'ready', png });
      },
      () => {
        if (current) setDrawing({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [link, handle, caption]);

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} onClose={onClose}>
      <div className={DIALOG_BODY_CLASSES}>
        <DialogHeading
          icon={QrCode}
          titleId={titleId}
          title={t('ui.qr.title')}
          descriptionId={descriptionId}
          description={t('ui.qr.description')}
          onClose={() => dialogRef.current?.close()}
        />
        <div className="mt-5 grid place-items-center rounded-2xl bg-ink-50 p-4 ring-1 ring-ink-950/8">
          {drawing.state === 'ready' ? (
            <img
              src={drawing.png}
              alt={t('ui.qr.alt', { url })}
              width={QR_PNG_WIDTH}
              height={QR_PNG_HEIGHT}
              className="h-auto w-full max-w-64 rounded-lg bg-white"
            />
          ) : drawing.state === 'drawing' ? (
            <div
              role="status"
              className="grid aspect-[1024/1200] w-full max-w-64 place-items-center rounded-lg bg-white"
            >
              <span className="sr-only">{t('ui.qr.making')}</span>
              <span aria-hidden="true" className="size-40 rounded-lg bg-ink-100 motion-safe:animate-pulse" />
            </div>
          ) : (
            <ErrorAlert>{t('ui.qr.failed')}</ErrorAlert>
          )}
        </div>
        {drawing.state === 'ready' ? (
          <a
            href={drawing.png}
            download={`kholo-${handle}-qr.png`}
            className={buttonClasses({ variant: 'dark', className: 'mt-5 w-full' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('ui.qr.download')}
          </a>
        ) : null}
      </div>
    </Dialog>
  );
}
