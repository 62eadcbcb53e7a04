/**
 * The ceiling of `npm run bench:http`: a page with no loader and no content, which the root
 * renders without the site's shell (app/root.tsx). Its rate is what React Router and this server
 * stack reach when a page itself costs nothing. In the route table only when built for the bench.
 */
export default function BenchCeiling() {
  return (
    <main>
      <h1>Ceiling</h1>
    </main>
  )
}
