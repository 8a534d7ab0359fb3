import type { Caller, Queryable } from '@parley/common';
import { listPlaygrounds } from './playgrounds';
import { listNavigationViews } from './navigation-views';
import { SERVER_SUPPORTED_PERMISSION_SETTINGS } from './permission-settings';

/**
 * POST /register's code playgrounds (event type realm_playgrounds), the caller's navigation
 * views (navigation_views) and the description of the group permission settings (realm).
 */
export async function realmConfigState(db: Queryable, caller: Caller, wants: (type: string) => boolean): Promise<Record<string, unknown>> {
  const [playgrounds, views] = await Promise.all([
    wants('realm_playgrounds') ? listPlaygrounds(db, caller.realm_id) : undefined,
    wants('navigation_views') ? listNavigationViews(db, caller) : undefined,
  ]);
  return {
    ...(playgrounds && { realm_playgrounds: playgrounds }),
    ...(views && { navigation_views: views }),
    ...(wants('realm') && { server_supported_permission_settings: SERVER_SUPPORTED_PERMISSION_SETTINGS }),
  };
}
