/**
 * A labelled input with its problem under it (role alert), wired with aria-describedby: the
 * one form field of every form (entry, lottery prize contact, consultation), so they look
 * and read alike.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../domain/result';
import './formField.css';

export interface FieldProps {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly problem?: Problem;
  readonly type?: 'text' | 'password' | 'tel' | 'email';
  readonly autoComplete?: string;
  readonly inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  readonly placeholder?: string;
  readonly required?: boolean;
  /** Put next to the input (e.g. the send-code button). */
  readonly addon?: ReactNode;
}

export function Field({ label, name, value, onChange, problem, type = 'text', autoComplete, inputMode, placeholder, required, addon }: FieldProps) {
  const { t } = useTranslation();
  const ids = useId();
  const inputId = `${ids}-input`;
  const problemId = `${ids}-problem`;
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={inputId}>
        {label}
        {required === true && <span aria-hidden="true"> *</span>}
      </label>
      <div className="form-field__row">
        <input
          id={inputId}
          className="form-field__input"
          type={type}
          name={name}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          value={value}
          aria-invalid={problem !== undefined}
          aria-required={required === true ? true : undefined}
          aria-describedby={problem !== undefined ? problemId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {addon}
      </div>
      {problem !== undefined && (
        <p id={problemId} className="form-field__problem" role="alert">
          {t(problem.key, problem.params)}
        </p>
      )}
    </div>
  );
}
