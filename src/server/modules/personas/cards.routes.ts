import type { FastifyInstance } from 'fastify';
import { CardExportQuery, ParseCardRequest } from '../../../contracts/personas.js';
import { HttpError, parseInput } from '../../lib/http-error.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { personaToCardV2, cardToPng } from './cards/card-export.js';
import { CardError, cardToDraft, decodeCardFile } from './cards/card-import.js';
import { PERSONA_ERRORS } from './personas.service.js';

// A 5 MB card grows by a third as base64.
const PARSE_BODY_LIMIT = 7 * 1024 * 1024;

/** Character cards: turn an uploaded card into a persona draft, and export one's own persona as a card. */
export async function cardsRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsRepository; uploads: Pick<UploadsService, 'read'> },
): Promise<void> {
  app.post('/api/ai/cards/parse', { bodyLimit: PARSE_BODY_LIMIT }, async (request) => {
    const { file } = parseInput(ParseCardRequest, request.body);
    try {
      const { json, png } = await decodeCardFile(file);
      return cardToDraft(json, png);
    } catch (error) {
      if (error instanceof CardError) throw new HttpError(400, error.message);
      throw error;
    }
  });

  app.get<{ Params: { username: string } }>('/api/ai/cards/:username', async (request, reply) => {
    const user = request.user;
    const { format } = parseInput(CardExportQuery, request.query);
    const persona = await deps.accounts.findByUsername(request.params.username.toLowerCase());
    if (!persona || persona.isAi !== 1 || persona.isFrozen === 1)
      throw new HttpError(404, PERSONA_ERRORS.notFound);
    // The card carries the prompt and memory, which only the creator may see.
    if (persona.createdByUsername !== user.username) throw new HttpError(403, PERSONA_ERRORS.notCreator);
    const card = personaToCardV2(persona);
    reply.header('Content-Disposition', `attachment; filename="${persona.username}.${format}"`);
    if (format === 'png') {
      // The persona's own PNG picture carries the card, so importing it back brings the picture too.
      const picture = persona.profilePic.endsWith('.png')
        ? await deps.uploads.read(persona.profilePic)
        : null;
      return reply.type('image/png').send(cardToPng(card, picture ?? undefined));
    }
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(card, null, 2));
  });
}
