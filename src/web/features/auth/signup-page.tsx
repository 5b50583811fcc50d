import { AuthLayout } from './auth-layout.js';
import { SignupForm } from './signup-form.js';
import { PageTitle } from '../../components/ui/page-title.js';

/** /signup: the signup screen on its own. */
export function SignupPage() {
  return (
    <AuthLayout>
      <PageTitle>Sign up · Simplified</PageTitle>
      <SignupForm loginHref="/auth" />
    </AuthLayout>
  );
}
