import { BadRequestError, encodedJson, Handler, jsonWithRaw } from '@parley/common';
import type { RegisterStateRequest__Output } from '@parley/common/generated/parley/common/v1/RegisterStateRequest';
import type { UsersDeps } from '../deps';
import { registerState } from '../domain/register-state';
import { channelLookup } from '../domain/channels';

export const getRegisterState =
  (deps: UsersDeps): Handler<RegisterStateRequest__Output> =>
  async (req, ctx) => {
    const fetch = req.fetch_event_types === undefined ? null : (JSON.parse(req.fetch_event_types) as unknown);
    if (fetch !== null && !Array.isArray(fetch)) throw new BadRequestError('fetch_event_types is not a list');
    return encodedJson(
      jsonWithRaw(
        await registerState(
          deps.pool,
          deps.config,
          ctx.caller,
          {
            fetchEventTypes: fetch as string[] | null,
            clientGravatar: req.client_gravatar,
            slimPresence: req.slim_presence,
            capabilities: JSON.parse(req.client_capabilities || '{}') as Record<string, boolean>,
            channels: channelLookup(deps.clients.channels, ctx),
          },
          deps.presence,
          deps.people,
        ),
      ),
    );
  };
