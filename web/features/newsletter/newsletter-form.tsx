// The footer newsletter form (spec sections 4, 5, 8); the subscription flow is built with accounts.
export function NewsletterForm() {
  return (
    <section aria-labelledby="newsletter-heading">
      <h2 className="footer-heading" id="newsletter-heading">
        Newsletter
      </h2>
      <p>Pet health tips from veterinarians, once a month.</p>
    </section>
  );
}
