// The web app's only script besides htmx: times in the viewer's locale, and a
// character counter for the editor. Pages work without it (times stay in UTC).
(function () {
  "use strict";
  var units = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400],
               ["hour", 3600], ["minute", 60], ["second", 1]];
  var relative = window.Intl && Intl.RelativeTimeFormat ? new Intl.RelativeTimeFormat(undefined, {numeric: "auto"}) : null;
  var exact = window.Intl ? new Intl.DateTimeFormat(undefined, {dateStyle: "full", timeStyle: "long"}) : null;

  function ago(date) {
    var seconds = (date.getTime() - Date.now()) / 1000;
    for (var i = 0; i < units.length; i++) {
      if (Math.abs(seconds) >= units[i][1] || units[i][0] === "second") {
        return relative.format(Math.round(seconds / units[i][1]), units[i][0]);
      }
    }
  }

  function times(root) {
    if (!relative) return;
    root.querySelectorAll("time[datetime]").forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (isNaN(date)) return;
      el.textContent = ago(date);
      el.title = exact ? exact.format(date) : date.toString();
    });
  }

  function counter() {
    var area = document.querySelector("textarea.body");
    var out = document.getElementById("counter");
    if (!area || !out) return;
    var max = area.getAttribute("maxlength");
    var show = function () { out.textContent = "(" + area.value.length.toLocaleString() + " of " + Number(max).toLocaleString() + " characters)"; };
    area.addEventListener("input", show);
    show();
  }

  document.addEventListener("DOMContentLoaded", function () {
    times(document);
    counter();
    setInterval(function () { times(document); }, 60000);
  });
  document.addEventListener("htmx:afterSwap", function (event) { times(event.detail.target); });
})();
