import { useQueryClient } from '@tanstack/react-query';
import { CardDraft, type CreateAiRequest, type UpdateAiFieldsRequest } from '../../contracts/personas.js';
import { ProfileResponse } from '../../contracts/users.js';
import { useApiMutation } from './api-mutation.js';
import { profileKey } from './profile-api.js';
import { DIRECTORY_ROOT_KEY } from './directory-api.js';

/** Where a persona's card downloads from (creator only). */
export function cardExportUrl(username: string, format: 'json' | 'png'): string {
  return `/api/ai/cards/${encodeURIComponent(username)}?format=${format}`;
}

/** Keeps the profile page and every directory listing in step with a created or edited persona. */
function useRememberPersona() {
  const queryClient = useQueryClient();
  return (persona: ProfileResponse) => {
    queryClient.setQueryData(profileKey(persona.username), persona);
    void queryClient.invalidateQueries({ queryKey: DIRECTORY_ROOT_KEY });
  };
}

/** POST /api/ai/createAI: answers with the new persona as its creator sees it. */
export function useCreatePersona() {
  const remember = useRememberPersona();
  return useApiMutation<CreateAiRequest, ProfileResponse>({
    path: '/api/ai/createAI',
    schema: ProfileResponse,
    onSuccess: remember,
  });
}

/** PUT /api/users/updateAiFields: the creator's edit panel. */
export function useUpdatePersona() {
  const remember = useRememberPersona();
  return useApiMutation<UpdateAiFieldsRequest, ProfileResponse>({
    method: 'PUT',
    path: '/api/users/updateAiFields',
    schema: ProfileResponse,
    onSuccess: remember,
  });
}

/** POST /api/ai/cards/parse: a Character Card file (as a data URL) becomes a draft for the form. */
export function useParseCard() {
  return useApiMutation({
    path: '/api/ai/cards/parse',
    body: (file: string) => ({ file }),
    schema: CardDraft,
  });
}
