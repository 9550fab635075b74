import { useAppConfig } from '../../lib/config';

/**
 * Whether the signed-in user belongs to a tenant: `/api/config` carries the
 * tenant when it was merged for one. Sharing is offered only then (a share
 * without one is the server's POSTER_ASSET_NO_TENANT).
 */
export function useHasTenant(): boolean {
  return useAppConfig().config.tenant !== null;
}
