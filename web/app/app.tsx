export function App() {
  return <h1>Animal Doctor</h1>;
}
