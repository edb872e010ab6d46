// Progressive enhancement only: every page works without this file.
(function () {
  'use strict';

  // The copy button of a new key: shown only where the clipboard can be written.
  document.querySelectorAll('[data-copy]').forEach(function (button) {
    var field = document.getElementById(button.getAttribute('data-copy'));
    if (!field || !navigator.clipboard) return;
    button.hidden = false;
    var hint = document.querySelector('[data-copy-hint]');
    if (hint) hint.textContent = 'Or select the key and copy it yourself.';
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(field.value).then(
        function () {
          button.textContent = 'Copied';
          setTimeout(function () {
            button.textContent = 'Copy';
          }, 2000);
        },
        function () {
          field.select();
        },
      );
    });
  });

  // Choosing a level in the table means "Choose per area"; the shortcuts fill the table in.
  var form = document.querySelector('form[action="/settings/api-keys"]');
  if (!form) return;
  var custom = form.querySelector('input[name="access"][value="custom"]');
  form.querySelectorAll('input[name^="level."]').forEach(function (radio) {
    radio.addEventListener('change', function () {
      custom.checked = true;
    });
  });
  function fillTable(access) {
    if (access === 'custom') return;
    form.querySelectorAll('.scope-table tbody tr').forEach(function (row) {
      var wanted = access === 'everything' ? row.querySelector('input[value="write"]') : null;
      (wanted || row.querySelector('input[value="read"]')).checked = true;
    });
  }
  form.querySelectorAll('input[name="access"]').forEach(function (shortcut) {
    if (shortcut.checked) fillTable(shortcut.value);
    shortcut.addEventListener('change', function () {
      fillTable(shortcut.value);
    });
  });
})();
