// The row of state tabs above the two moderation queues (profiles and reviews): choosing a tab goes back
// to the first page, and the chosen tab shows how many it holds once the answer is in.
export interface StateTab<S extends string> {
  state: S;
  label: string;
}

export function StateTabs<S extends string>(props: {
  tabs: readonly StateTab<S>[];
  state: S;
  /** The chosen tab's count; undefined while it loads. */
  count: number | undefined;
  onChange: (state: S) => void;
}) {
  return (
    <div className="tabs" role="tablist" aria-label="Review state">
      {props.tabs.map((tab) => (
        <button
          key={tab.state}
          type="button"
          role="tab"
          aria-selected={props.state === tab.state}
          className={`tab${props.state === tab.state ? ' is-active' : ''}`}
          onClick={() => props.onChange(tab.state)}
        >
          {tab.label}
          {props.state === tab.state && props.count !== undefined ? ` (${props.count})` : ''}
        </button>
      ))}
    </div>
  );
}
