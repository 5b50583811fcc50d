import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type RequestOptions } from './api-client.js';

/** One JSON call that changes something, as a mutation sees it. */
export interface ApiMutation<TInput, TAnswer> {
  /** POST when not said. */
  method?: Exclude<RequestOptions<TAnswer>['method'], 'GET'>;
  /** Where the call goes; a function when the input decides. */
  path: string | ((input: TInput) => string);
  /** The JSON body for an input; the input itself when not said. */
  body?: (input: TInput) => unknown;
  /** The contract of the answer. */
  schema: z.ZodType<TAnswer>;
  /** Puts the checked answer where the screens read it. */
  onSuccess?: (answer: TAnswer) => void;
}

/** The web's one shape of a mutation over one JSON call: input in, answer checked by its contract. */
export function useApiMutation<TInput = void, TAnswer = unknown>({
  method = 'POST',
  path,
  body,
  schema,
  onSuccess,
}: ApiMutation<TInput, TAnswer>) {
  return useMutation({
    mutationFn: (input: TInput) =>
      apiRequest(typeof path === 'string' ? path : path(input), {
        method,
        body: body ? body(input) : input,
        schema,
      }),
    onSuccess: (answer) => onSuccess?.(answer),
  });
}
