import formStyles from './form.module.css';

/** The live "n/max" beside a field's label; it turns to the danger colour once the limit is reached. */
export function CharCounter({ id, count, max }: { id: string; count: number; max: number }) {
  return (
    <span id={id} className={count >= max ? `${formStyles.counter} ${formStyles.full}` : formStyles.counter}>
      {count}/{max}
    </span>
  );
}
