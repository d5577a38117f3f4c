export function Logo() {
  return (
    <span className="logo">
      <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#0958d9" />
        <path d="M16 23.5c-3.6 0-6.5-2-6.5-4.6 0-2.2 2.2-4.4 6.5-4.4s6.5 2.2 6.5 4.4c0 2.6-2.9 4.6-6.5 4.6z" fill="#fff" />
        <circle cx="9.5" cy="11.5" r="2.3" fill="#fff" />
        <circle cx="14" cy="8.5" r="2.3" fill="#fff" />
        <circle cx="18" cy="8.5" r="2.3" fill="#fff" />
        <circle cx="22.5" cy="11.5" r="2.3" fill="#fff" />
        <path d="M15 17h2v1.5h1.5v2H17V22h-2v-1.5h-1.5v-2H15z" fill="#0958d9" />
      </svg>
      <span className="logo-word">
        Animal <strong>Doctor</strong>
      </span>
    </span>
  );
}
