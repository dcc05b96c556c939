import { useState, type InputHTMLAttributes } from 'react';
import { EyeIcon, EyeOffIcon } from '../icons';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string };

/** A password field with a show/hide toggle; the toggle says which state it would switch to. */
export function PasswordInput({ className = '', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`field pr-12 ${className}`} />
      <button
        type="button"
        className="absolute right-1 top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
      </button>
    </div>
  );
}
