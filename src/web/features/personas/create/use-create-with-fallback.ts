import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreateAiRequest } from '../../../../contracts/personas.js';
import { describeError } from '../../../lib/api-client.js';
import { useCreatePersona } from '../../../lib/persona-api.js';
import { CREATE_FALLBACK_MS } from './persona-draft.js';

/**
 * SPEC §4 "Create AI": a loading state while the call runs, ended by the answer or by a 5 s
 * fallback timer, whichever comes first. Success goes to the new profile; an error stays here.
 */
export function useCreateWithFallback() {
  const create = useCreatePersona();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [slow, setSlow] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = (input: CreateAiRequest) => {
    setLoading(true);
    setSlow(false);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setLoading(false);
      setSlow(true);
    }, CREATE_FALLBACK_MS);
    create.mutate(input, {
      onSuccess: (persona) => void navigate(`/${persona.username}`),
      onSettled: () => {
        window.clearTimeout(timer.current);
        setLoading(false);
        setSlow(false);
      },
    });
  };

  const reset = () => {
    if (create.isError) create.reset();
  };

  return { submit, loading, slow, error: create.isError ? describeError(create.error) : null, reset };
}
