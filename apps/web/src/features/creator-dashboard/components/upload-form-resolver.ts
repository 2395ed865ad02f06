import {
  checkChosenMedia,
  CONTENT_MESSAGES,
  fileTooLargeMessage,
  MIN_PRICE_PAISE,
  parseRupees,
  translate,
  UPLOAD_ATTESTATION_REQUIRED,
  uploadFields,
} from '@kholo/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { UploadContentInput } from '../api/upload-content.ts';

/** What the Upload tab's fields hold: the price as typed, in rupees, and the chosen file. */
export interface UploadFormValues {
  title: string;
  description: string;
  price: string;
  isAdultContent: boolean;
  file: File | null;
  /** The attestation's checkbox (UPLOAD_ATTESTATION_TEXT): never ticked to begin with. */
  attested: boolean;
}

export type UploadFieldName = 'title' | 'description' | 'price' | 'file' | 'attested';
/** The form's order on screen (issue 26): the photo or video first, then title and price. */
export const FIELD_ORDER: readonly UploadFieldName[] = ['file', 'title', 'price', 'description', 'attested'];

/** Where the message above the form lives among the form's errors (the server's goes there too). */
export const FORM_ERROR = 'root.form';

/** The server names the price `pricePaise`; the form's field is in rupees. */
export const SERVER_FIELDS = {
  title: 'title',
  description: 'description',
  pricePaise: 'price',
  file: 'file',
  attested: 'attested',
} as const satisfies Record<string, UploadFieldName>;

/**
 * The browser's first look at a chosen file (SPEC §5): its type, then its size, with the size
 * and how to shrink it when it is over 50 MB, before a byte is sent.
 */
export function chosenFileProblem(file: File): string | null {
  const problem = checkChosenMedia(file);
  if (problem !== CONTENT_MESSAGES.fileTooLarge) return problem;
  const kind = file.type.startsWith('video/') ? 'video' : file.type.startsWith('image/') ? 'image' : null;
  return fileTooLargeMessage(file.size, kind);
}

function refusal(problems: Partial<Record<UploadFieldName, string>>, formMessage: string | null) {
  const errors: FieldErrors<UploadFormValues> = {};
  for (const [name, message] of Object.entries(problems) as [UploadFieldName, string][]) {
    errors[name] = { type: 'validate', message };
  }
  if (formMessage !== null) errors.root = { form: { type: 'validate', message: formMessage } };
  return { values: {}, errors };
}

/**
 * The Upload tab's checks, SPEC §5 in its order: title, price and a file (the description is
 * optional since issue 26) ('Please fill all fields
 * and select a file.' above the form), then the file's size and type (its message there too),
 * then the price in rupees and the contracts' `uploadFields` (under the fields only). The output
 * is what the upload sends: trimmed text and the price in paise.
 */
export function uploadFormResolver(maxPricePaise: number): Resolver<UploadFormValues, unknown, UploadContentInput> {
  return (values) => {
    const { title, description, price, isAdultContent, file, attested } = values;
    const missing: Partial<Record<UploadFieldName, string>> = {};
    if (!title.trim()) missing.title = 'Please enter a title.';
    if (!price.trim()) missing.price = 'Please enter a price.';
    // Kept in English, as the contracts' rules are: the form says it in her language (useT().tm).
    if (!file) missing.file = translate('en', 'dashboardUpload.chooseFile');
    // The box is named with the other missing fields, but alone it is no "fill all fields".
    const unattested = attested ? {} : { attested: UPLOAD_ATTESTATION_REQUIRED };
    if (!file || Object.keys(missing).length > 0) {
      return refusal({ ...missing, ...unattested }, CONTENT_MESSAGES.fillAllFields);
    }

    const fileProblem = chosenFileProblem(file);
    if (fileProblem) return refusal({ file: fileProblem, ...unattested }, fileProblem);

    const parsedPrice = parseRupees(price, maxPricePaise);
    const checked = uploadFields.safeParse({
      title,
      description,
      pricePaise: 'paise' in parsedPrice ? String(parsedPrice.paise) : String(MIN_PRICE_PAISE),
      isAdultContent: isAdultContent ? 'true' : 'false',
      attested: attested ? 'true' : 'false',
    });
    const problems: Partial<Record<UploadFieldName, string>> = {};
    if ('error' in parsedPrice) problems.price = parsedPrice.error;
    for (const issue of checked.error?.issues ?? []) {
      const name = (SERVER_FIELDS as Record<string, UploadFieldName | undefined>)[String(issue.path[0])];
      if (name) problems[name] ??= issue.message;
    }
    if (!checked.success || 'error' in parsedPrice || !attested) return refusal(problems, null);

    return {
      values: {
        title: checked.data.title,
        description: checked.data.description,
        pricePaise: checked.data.pricePaise,
        isAdultContent,
        attested: true,
        file,
      },
      errors: {},
    };
  };
}
