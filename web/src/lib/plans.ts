/**
 * What a plan allows that more than one feature checks: colours outside
 * the 7-colour palette (paid plans) and batches (flagship and above).
 */
import { useSession } from './session';

/** The original app's 7-colour palette (names are the API's). */
export const PALETTE = [
  { name: 'white', hex: '#FFFFFF' },
  { name: 'cream', hex: '#FBF6E9' },
  { name: 'lightGrey', hex: '#E5E6E8' },
  { name: 'greyBlue', hex: '#B8C4D0' },
  { name: 'darkGrey', hex: '#4A4D52' },
  { name: 'lightBlue', hex: '#D6E8F7' },
  { name: 'beige', hex: '#EADCC4' },
] as const;

/** Paid tiers (anything but free) may use custom colours. */
export function useAllowsCustomColour(): boolean {
  const { productType } = useSession();
  return !!productType && productType !== 'free';
}

/** The tiers whose members may submit batches (shared/src/domain/tier.rs `allows_batch`). */
export const BATCH_TIERS = ['flagship', 'enterprise'] as const;

export function allowsBatch(productType: string | null | undefined): boolean {
  return (BATCH_TIERS as readonly string[]).includes(productType ?? '');
}

/**
 * Most items in one batch: the server's `maxBatchItems` (POST
 * /api/batches answers BATCH_SIZE beyond it); null while unknown.
 */
export function batchLimit(serverLimit: number | null | undefined): number | null {
  return typeof serverLimit === 'number' && serverLimit > 0 ? Math.floor(serverLimit) : null;
}
