import { useNavigate } from 'react-router';
import { LogoutResponse, SelfUser, type LoginRequest, type SignupRequest } from '../../../contracts/users.js';
import { useApiMutation } from '../../lib/api-mutation.js';
import { logOut, useSession } from '../../lib/session-store.js';

/** POST /api/users/login: the server sets the session cookie; we keep the user. */
export function useLogin() {
  const signIn = useSession((state) => state.signIn);
  return useApiMutation<LoginRequest, SelfUser>({
    path: '/api/users/login',
    schema: SelfUser,
    onSuccess: signIn,
  });
}

/** POST /api/users/signup: a new account is signed in at once. */
export function useSignup() {
  const signIn = useSession((state) => state.signIn);
  return useApiMutation<SignupRequest, SelfUser>({
    path: '/api/users/signup',
    schema: SelfUser,
    onSuccess: signIn,
  });
}

/**
 * POST /api/users/logout; only a confirmed logout forgets the user and goes to /auth (SPEC §4).
 * Both happen here, not in the caller, because forgetting the user unmounts the @ menu that called it.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useApiMutation({
    path: '/api/users/logout',
    body: () => ({}),
    schema: LogoutResponse,
    onSuccess: () => {
      void navigate('/auth', { replace: true });
      logOut();
    },
  });
}
