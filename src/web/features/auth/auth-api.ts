import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LogoutResponse, SelfUser, type LoginRequest, type SignupRequest } from '../../../contracts/users.js';
import { apiRequest } from '../../lib/api-client.js';
import { logOut, useSession } from '../../lib/session-store.js';

/** POST /api/users/login: the server sets the session cookie; we keep the user. */
export function useLogin() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: (input: LoginRequest) =>
      apiRequest('/api/users/login', { method: 'POST', body: input, schema: SelfUser }),
    onSuccess: signIn,
  });
}

/** POST /api/users/signup: a new account is signed in at once. */
export function useSignup() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: (input: SignupRequest) =>
      apiRequest('/api/users/signup', { method: 'POST', body: input, schema: SelfUser }),
    onSuccess: signIn,
  });
}

/**
 * POST /api/users/logout; only a confirmed logout forgets the user and goes to /auth (SPEC §4).
 * Both happen here, not in the caller, because forgetting the user unmounts the @ menu that called it.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('/api/users/logout', { method: 'POST', body: {}, schema: LogoutResponse }),
    onSuccess: () => {
      void navigate('/auth', { replace: true });
      logOut();
    },
  });
}
