import { useNavigate } from 'react-router';
import { LogoutResponse, SelfUser, type LoginRequest, type SignupRequest } from '../../../contracts/users.js';
import { useApiMutation } from '../../lib/api-mutation.js';
import { logOut, useSession } from '../../lib/session-store.js';

/** A call whose answer is the signed-in user: the server sets the session cookie; we keep the user. */
function useSignInThrough<TInput>(path: string) {
  const signIn = useSession((state) => state.signIn);
  return useApiMutation<TInput, SelfUser>({ path, schema: SelfUser, onSuccess: signIn });
}

/** POST /api/users/login. */
export function useLogin() {
  return useSignInThrough<LoginRequest>('/api/users/login');
}

/** POST /api/users/signup: a new account is signed in at once. */
export function useSignup() {
  return useSignInThrough<SignupRequest>('/api/users/signup');
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
