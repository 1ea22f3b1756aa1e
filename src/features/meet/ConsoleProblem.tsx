/** What went wrong with the console's last call, said where the call was made (nothing when all went well). */
export function ConsoleProblem({ text }: { readonly text: string | null }) {
  if (text === null) return null;
  return (
    <p className="console-card__problem" role="alert">
      {text}
    </p>
  );
}
