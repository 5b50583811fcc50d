import { CreateForm } from './create-form.js';
import styles from './create.module.css';
import { PageTitle } from '../../../components/ui/page-title.js';

/** /create: the Creator Studio (SPEC §2), where signed-in users make an AI persona. */
export function CreatePage() {
  return (
    <div className={styles.page}>
      <PageTitle>Create AI · Simplified</PageTitle>
      <div className={styles.header}>
        <h1 className={styles.title}>Create AI</h1>
        <p className={styles.muted}>
          Give your persona a name, a voice and a few memories. Anyone signed in can find it in the AI
          Explorer and chat with it.
        </p>
      </div>
      <CreateForm />
    </div>
  );
}
