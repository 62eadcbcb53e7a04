/**
 * One question and its answer in a native <details>, so it expands and collapses without
 * JavaScript and is announced as a disclosure by screen readers.
 */
export function FaqItem({ question, answer, open }: { question: string; answer: string; open?: boolean }) {
  return (
    <details className="faq-item" open={open}>
      <summary>{question}</summary>
      <p>{answer}</p>
    </details>
  )
}
