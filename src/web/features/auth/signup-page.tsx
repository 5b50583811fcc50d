import { AuthLayout } from './auth-layout.js';
import { SignupForm } from './signup-form.js';

/** /signup: the signup screen on its own. */
export function SignupPage() {
  return (
    <AuthLayout>
      <title>Sign up · Simplified</title>
      <SignupForm loginHref="/auth" />
    </AuthLayout>
  );
}
