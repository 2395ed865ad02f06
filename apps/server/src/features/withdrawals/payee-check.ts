import { PAYOUT_ACCOUNT_MESSAGES } from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import { type PayoutGateway, PayoutGatewayError } from '../../providers/payouts/payout-gateway.js';

/**
 * Who the bank says holds `upiId`, before anything is saved or held: a typo'd handle or a closed
 * account is refused here, with the request's `field` named. Null only without a payouts provider
 * (production with PAYOUTS=manual and no keys), where the admin checks before paying.
 */
export async function checkPayee(
  gateway: PayoutGateway | null,
  upiId: string,
  field: string,
  logger: { warn(details: object, message: string): void },
): Promise<string | null> {
  if (gateway === null) return null;
  let check: Awaited<ReturnType<PayoutGateway['validateVpa']>>;
  try {
    check = await gateway.validateVpa(upiId);
  } catch (error) {
    if (!(error instanceof PayoutGatewayError)) throw error;
    logger.warn({ err: error }, 'payouts: UPI validation failed');
    throw new AppError('SERVICE_UNAVAILABLE', PAYOUT_ACCOUNT_MESSAGES.checkUnavailable);
  }
  switch (check.kind) {
    case 'found':
      return check.nameAtBank;
    case 'not_found':
      throw new AppError('VALIDATION_FAILED', PAYOUT_ACCOUNT_MESSAGES.upiNotFound, {
        fields: { [field]: PAYOUT_ACCOUNT_MESSAGES.upiNotFound },
      });
    case 'invalid':
      throw new AppError('VALIDATION_FAILED', PAYOUT_ACCOUNT_MESSAGES.upiInvalid, {
        fields: { [field]: PAYOUT_ACCOUNT_MESSAGES.upiInvalid },
      });
  }
}
