import { useId, type FormEventHandler, type ReactNode, type Ref } from 'react';
import layoutStyles from './layout.module.css';

interface TitledFormProps {
  title: string;
  subtitle: string;
  /** The form's own layout; each page sizes its form differently. */
  className?: string;
  /** The block around the title and subtitle. */
  headingClassName?: string;
  titleClassName?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onChange?: FormEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/**
 * A page-level form named by its h1, with a subtitle under it. The app shows its own messages (from the
 * shared contracts and the server, SPEC §5), so the browser's own validation is off.
 */
export function TitledForm(props: TitledFormProps) {
  const {
    title,
    subtitle,
    className,
    headingClassName,
    titleClassName,
    onSubmit,
    onChange,
    formRef,
    children,
  } = props;
  const titleId = useId();
  return (
    <form
      ref={formRef}
      className={className}
      onSubmit={onSubmit}
      onChange={onChange}
      // The login page is prerendered: sent before its script is in, a GET would put the password in the URL.
      method="post"
      noValidate
      aria-labelledby={titleId}
    >
      <div className={headingClassName}>
        <h1 id={titleId} className={titleClassName}>
          {title}
        </h1>
        <p className={layoutStyles.subtitle}>{subtitle}</p>
      </div>
      {children}
    </form>
  );
}
