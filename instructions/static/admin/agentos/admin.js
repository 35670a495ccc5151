// The admin's only script of its own: times as "5 minutes ago", with the exact time
// in the viewer's locale on hover. Pages work without it (the server writes the same
// relative time, and the exact UTC time as the title).
(function () {
  "use strict";
  var units = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400],
               ["hour", 3600], ["minute", 60], ["second", 1]];
  var relative = window.Intl && Intl.RelativeTimeFormat ? new Intl.RelativeTimeFormat(undefined, {numeric: "auto"}) : null;
  var exact = window.Intl ? new Intl.DateTimeFormat(undefined, {dateStyle: "medium", timeStyle: "long"}) : null;

  function ago(date) {
    var seconds = (date.getTime() - Date.now()) / 1000;
    for (var i = 0; i < units.length; i++) {
      if (Math.abs(seconds) >= units[i][1] || units[i][0] === "second") {
        return relative.format(Math.round(seconds / units[i][1]), units[i][0]);
      }
    }
  }

  function times() {
    if (!relative) return;
    document.querySelectorAll("time.ago[datetime]").forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (isNaN(date)) return;
      el.textContent = ago(date);
      if (exact) el.title = exact.format(date);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    times();
    setInterval(times, 60000);
  });
})();
